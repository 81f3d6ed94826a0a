// Alcrudo-Garcia-Navarro circular dam break (Roe-MUSCL GPU n.d., fig. 5a):
// a 50 m square basin with walls; the dam, a circle of radius 11 m about
// (25, 25), is a line inside the mesh so that the initial step follows it.
SetFactory("Built-in");
If (!Exists(size))
  size = 1.5;
EndIf
Point(1) = {0, 0, 0, size};
Point(2) = {50, 0, 0, size};
Point(3) = {50, 50, 0, size};
Point(4) = {0, 50, 0, size};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Point(5) = {25, 25, 0, size};
Point(6) = {36, 25, 0, size};
Point(7) = {25, 36, 0, size};
Point(8) = {14, 25, 0, size};
Point(9) = {25, 14, 0, size};
Circle(5) = {6, 5, 7};
Circle(6) = {7, 5, 8};
Circle(7) = {8, 5, 9};
Circle(8) = {9, 5, 6};
Curve Loop(1) = {1, 2, 3, 4};
Curve Loop(2) = {5, 6, 7, 8};
Plane Surface(1) = {1, 2};
Plane Surface(2) = {2};
Physical Curve("wall") = {1, 2, 3, 4};
Physical Surface("water") = {1, 2};
