# The libraries shallows builds with when they are installed (included by
# the Makefile), found the way clusters with environment modules and
# distributions both publish them: pkg-config first (PKG_CONFIG_PATH),
# NetCDF's own nc-config second. Each one missing switches its feature
# off with a clear message at run time instead of failing the build;
# HAVE_<NAME>=no switches one off by hand. `make config` prints the result.
PKG_CONFIG ?= pkg-config
NC_CONFIG ?= nc-config

# $(call pkg_found,module): yes when pkg-config knows the module.
pkg_found = $(if $(shell $(PKG_CONFIG) --exists $(1) 2>/dev/null && echo yes),yes,no)
pkg_cflags = $(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null)
pkg_libs = $(shell $(PKG_CONFIG) --libs $(1) 2>/dev/null)

# NetCDF: pkg-config's netcdf, else nc-config (modules often ship only it).
NETCDF_VIA := $(if $(filter yes,$(call pkg_found,netcdf)),pkg-config,$(if $(shell $(NC_CONFIG) --libs 2>/dev/null),nc-config))
ifeq ($(NETCDF_VIA),pkg-config)
NETCDF_CFLAGS ?= $(call pkg_cflags,netcdf)
NETCDF_LIBS ?= $(call pkg_libs,netcdf)
else ifeq ($(NETCDF_VIA),nc-config)
NETCDF_CFLAGS ?= $(shell $(NC_CONFIG) --cflags)
NETCDF_LIBS ?= $(shell $(NC_CONFIG) --libs)
endif
HAVE_NETCDF ?= $(if $(NETCDF_VIA),yes,no)

HAVE_PNG ?= $(call pkg_found,libpng)
PNG_CFLAGS ?= $(call pkg_cflags,libpng)
PNG_LIBS ?= $(call pkg_libs,libpng)

# cairo draws the text of the pictures (labels, axes, units) with the
# system's fonts; without it the pictures carry no text.
HAVE_CAIRO ?= $(call pkg_found,cairo)
CAIRO_CFLAGS ?= $(call pkg_cflags,cairo)
CAIRO_LIBS ?= $(call pkg_libs,cairo)

# udunits2 converts the units of input files (km, ft, cm to m); without it
# only metres and degrees are understood.
HAVE_UDUNITS ?= $(call pkg_found,udunits)
UDUNITS_CFLAGS ?= $(call pkg_cflags,udunits) -DSWE_UDUNITS_VERSION='"$(shell $(PKG_CONFIG) --modversion udunits 2>/dev/null)"'
UDUNITS_LIBS ?= $(or $(call pkg_libs,udunits),-ludunits2)

# zlib compresses the VTK files; without it they are written uncompressed.
HAVE_ZLIB ?= $(call pkg_found,zlib)
ZLIB_CFLAGS ?= $(call pkg_cflags,zlib)
ZLIB_LIBS ?= $(or $(call pkg_libs,zlib),-lz)

# CUnit for the test programs; Debian's libcunit1-dev ships a .pc file,
# other installs may not.
CUNIT_LIBS ?= $(or $(call pkg_libs,cunit),-lcunit)
CUNIT_CFLAGS ?= $(call pkg_cflags,cunit)

# Parallel NetCDF for shallows-mpi (Debian: libnetcdf-mpi-dev, a build of
# the same library with nc_create_par, beside the serial one): each rank
# writes its part of PATH.nc. Without it rank 0 gathers the domain and
# writes alone. backends/mpi/mpi.mk uses these.
HAVE_NETCDF_PAR ?= $(if $(filter yes,$(HAVE_NETCDF)),$(call pkg_found,netcdf-mpi),no)
# Debian's netcdf-mpi.pc names /usr/include, where the serial header is;
# its own netcdf.h and netcdf_par.h lie under its prefix.
NETCDF_PAR_CFLAGS ?= $(if $(filter yes,$(HAVE_NETCDF_PAR)),-I$(shell $(PKG_CONFIG) --variable=prefix netcdf-mpi)/include $(call pkg_cflags,netcdf-mpi))
NETCDF_PAR_LIBS ?= $(call pkg_libs,netcdf-mpi)

# METIS partitions triangle meshes over the ranks of shallows-mpi
# (Debian: libmetis-dev, which ships no pkg-config file): found when the
# compiler finds metis.h (METIS_CFLAGS=-I..., METIS_LIBS=-L... -lmetis for
# another install). Without it shallows-mpi --mesh partitions by
# coordinate bisection (--partition rcb) and says what to install.
METIS_CFLAGS ?=
METIS_LIBS ?= -lmetis
HAVE_METIS ?= $(if $(shell printf '\043include <metis.h>\n' | $(CC) $(METIS_CFLAGS) -E -x c - >/dev/null 2>&1 && echo yes),yes,no)

# FFTW, the Navier-Stokes application's pressure preconditioner
# (libfftw3-dev): without it shallows-ns is not built. pkg-config where it
# is; else the plain names (a GPU machine with FFTW's static libraries
# carried in: tools/device/navier_stokes_check.sh). Its MPI transforms
# (libfftw3-mpi-dev) make shallows-ns-mpi.
HAVE_FFTW ?= $(call pkg_found,fftw3 fftw3f)
FFTW_LIBS ?= $(or $(call pkg_libs,fftw3 fftw3f),-lfftw3 -lfftw3f)
HAVE_FFTW_MPI ?= $(if $(wildcard /usr/include/fftw3-mpi.h),yes,no)
FFTW_MPI_LIBS ?= -lfftw3_mpi -lfftw3f_mpi
# clFFT (libclfft-dev): the Navier-Stokes OpenCL backend's preconditioner on
# the device; without it that backend transforms on the host with FFTW.
HAVE_CLFFT ?= $(call pkg_found,clFFT)
# Not under the sanitizers: clFFT 2.12 deletes its plans' actions through a
# pointer to another type (AddressSanitizer: new-delete-type-mismatch in
# clfftDestroyPlan), so the sanitized builds precondition on the host.
ifneq ($(SANITIZE),)
override HAVE_CLFFT := no
endif
CLFFT_LIBS ?= $(or $(call pkg_libs,clFFT),-lclFFT)

# MPI (libopenmpi-dev, openmpi-bin): mpicc compiles the MPI layer
# (backends/mpi/mpi.mk), mpirun starts its programs and tests.
MPICC ?= $(shell command -v mpicc 2>/dev/null)
MPIRUN ?= $(shell command -v mpirun 2>/dev/null)
HAVE_MPI ?= $(if $(and $(MPICC),$(MPIRUN)),yes,no)

# The shared core's files that need a library, and their stand-ins
# (common/io/*_unavailable.c), which say what is missing.
ifeq ($(HAVE_NETCDF),yes)
CPPFLAGS += $(NETCDF_CFLAGS)
LDLIBS += $(NETCDF_LIBS)
DROPPED += common/io/netcdf_unavailable.c
else
CPPFLAGS += -DSWE_WITHOUT_NETCDF
DROPPED += $(filter-out common/io/netcdf_unavailable.c,$(wildcard common/io/netcdf_*.c))
endif
ifeq ($(HAVE_PNG),yes)
CPPFLAGS += $(PNG_CFLAGS)
LDLIBS += $(PNG_LIBS)
DROPPED += common/io/png_unavailable.c
else
CPPFLAGS += -DSWE_WITHOUT_PNG
DROPPED += common/io/png_raster.c
endif
# Text in the pictures (cairo); without it they carry no labels.
ifeq ($(HAVE_CAIRO),yes)
CPPFLAGS += $(CAIRO_CFLAGS)
LDLIBS += $(CAIRO_LIBS)
DROPPED += common/io/text_unavailable.c
else
DROPPED += common/io/text_cairo.c
endif
# Units of input files (udunits2); without it metres and degrees only.
ifeq ($(HAVE_UDUNITS),yes)
CPPFLAGS += $(UDUNITS_CFLAGS)
LDLIBS += $(UDUNITS_LIBS)
DROPPED += common/io/units_builtin.c
else
DROPPED += common/io/units_udunits.c
endif
# Compressed VTK files (zlib); without it they are written raw.
ifeq ($(HAVE_ZLIB),yes)
CPPFLAGS += $(ZLIB_CFLAGS)
LDLIBS += $(ZLIB_LIBS)
DROPPED += common/io/vtk_zlib_unavailable.c
else
CPPFLAGS += -DSWE_WITHOUT_ZLIB
DROPPED += common/io/vtk_zlib.c
endif
