// A 1000 m square basin with walls: lake at rest (bump, island) and the
// radial dam break. Element size: gmsh -2 -setnumber size 40 ...
SetFactory("Built-in");
If (!Exists(size))
  size = 40;
EndIf
Point(1) = {0, 0, 0, size};
Point(2) = {1000, 0, 0, size};
Point(3) = {1000, 1000, 0, size};
Point(4) = {0, 1000, 0, size};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};
Physical Curve("wall") = {1, 2, 3, 4};
Physical Surface("water") = {1};
