set -u
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
for p in single double; do (make -j8 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=$p build/$p/shallows build/$p/shallows-tests > /tmp/b-$p.log 2>&1 || { echo build $p failed; tail -3 /tmp/b-$p.log; }) & done; wait
dev=1:0; export SWE_TEST_CL_DEVICE=$dev CUDA_CACHE_PATH=/tmp/cc
build/single/shallows --list-devices 2>&1 | grep "1:0"
names=(exact relaxed-contract relaxed)
opts=("-cl-fp32-correctly-rounded-divide-sqrt" "-DSWE_CL_CONTRACT" "")
for k in 0 1 2; do
 for s in opencl agreement; do
  SWE_TEST_CL_MATH="${opts[$k]}" SWE_TEST_BACKENDS=opencl timeout 200 build/single/shallows-tests --program build/single/shallows --suite $s > /tmp/s-$k-$s.log 2>&1
  echo "math ${names[$k]} suite $s: exit $? $(grep -E '^single: ' /tmp/s-$k-$s.log) $(grep -o 'largest difference [0-9.e+-]*' /tmp/s-$k-$s.log | sort -t' ' -k3 -g | tail -1)"
  grep -E "FAILED" /tmp/s-$k-$s.log | head -3 | cut -c1-300
 done
done
SWE_TEST_BACKENDS=cuda timeout 200 build/single/shallows-tests --program build/single/shallows --suite agreement > /tmp/cu.log 2>&1; echo "cuda agreement single: exit $? $(grep -E '^single: ' /tmp/cu.log) $(grep -o 'largest difference [0-9.e+-]*' /tmp/cu.log | sort -t' ' -k3 -g | tail -1)"; grep FAILED /tmp/cu.log | head -2 | cut -c1-300
copy=$(backends/cuda/bench_bandwidth.sh 2>/dev/null | sed -nE 's/copy_GBps=//p'); echo "copy $copy"
for s in radial-dam-break dam-break-in-current; do for x in "single cuda" "single opencl -DSWE_CL_CONTRACT" "single opencl" "double cuda" "double opencl"; do
 set -- $x; p=$1; b=$2; m=${3:-}
 a=(--backend $b --level 4); [ $b = opencl ] && a+=(--cl-device $dev); [ -n "$m" ] && a+=(--cl-math "$m")
 best=0; for r in 0 1; do v=$(build/$p/shallows "${a[@]}" --scenario $s --nx 8192 --ny 8192 --t-end 2 --benchmark --quiet | sed -nE 's/.*cell_updates_per_s=([^ ]+).*/\1/p'); best=$(python3 -c "print(max($best, ${v:-0}))"); done
 echo "$s $x: $best ($(python3 -c "print(f'{100*$best*(28 if '$p'=='single' else 56)/($copy*1e9):.1f}')") % of copy)"
done; done
