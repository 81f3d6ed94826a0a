// A 1000 m x 50 m channel on triangles: walls along its sides, ends
// "upstream" (x = 0) and "downstream" (x = 1000 m) whose conditions the
// scenario chooses (free outflow for the 1D dam breaks of Stoker and
// Ritter). The line x = 500 m is in the mesh so that a dam there is sharp.
SetFactory("Built-in");
If (!Exists(size))
  size = 10;
EndIf
Point(1) = {0, 0, 0, size};
Point(2) = {500, 0, 0, size};
Point(3) = {1000, 0, 0, size};
Point(4) = {1000, 50, 0, size};
Point(5) = {500, 50, 0, size};
Point(6) = {0, 50, 0, size};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 5};
Line(5) = {5, 6};
Line(6) = {6, 1};
Line(7) = {2, 5};
Curve Loop(1) = {1, 7, 5, 6};
Curve Loop(2) = {2, 3, 4, -7};
Plane Surface(1) = {1};
Plane Surface(2) = {2};
Physical Curve("wall") = {1, 2, 4, 5};
Physical Curve("upstream") = {6};
Physical Curve("downstream") = {3};
Physical Surface("water") = {1, 2};
