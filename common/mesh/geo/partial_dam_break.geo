// Fennema-Chaudhry partial dam break (Roe-MUSCL GPU n.d., fig. 4a): a 200 m
// square basin split by a 10 m thick dam (x = 95..105 m) with a 75 m breach
// (y = 95..170 m). The dam is a hole in the mesh; every boundary is a slip
// wall. size 2.2 gives about 19,000 triangles (M1 of Roe-MUSCL GPU n.d.),
// 0.49 about 380,000 (M2).
SetFactory("Built-in");
If (!Exists(size))
  size = 5;
EndIf
Point(1) = {0, 0, 0, size};
Point(2) = {95, 0, 0, size};
Point(3) = {95, 95, 0, size};
Point(4) = {105, 95, 0, size};
Point(5) = {105, 0, 0, size};
Point(6) = {200, 0, 0, size};
Point(7) = {200, 200, 0, size};
Point(8) = {105, 200, 0, size};
Point(9) = {105, 170, 0, size};
Point(10) = {95, 170, 0, size};
Point(11) = {95, 200, 0, size};
Point(12) = {0, 200, 0, size};
For k In {1:11}
  Line(k) = {k, k + 1};
EndFor
Line(12) = {12, 1};
Curve Loop(1) = {1:12};
Plane Surface(1) = {1};
Physical Curve("wall") = {1:12};
Physical Surface("water") = {1};
