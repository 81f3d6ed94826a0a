// The reader's test mesh: a unit square, walls on three sides and an
// "outflow" side, written in every format the reader takes:
//   gmsh -2 -format msh22|msh41 [-bin] -o unit_square_<format>.msh unit_square.geo
SetFactory("Built-in");
size = 0.25;
Point(1) = {0, 0, 0, size};
Point(2) = {1, 0, 0, size};
Point(3) = {1, 1, 0, size};
Point(4) = {0, 1, 0, size};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};
Physical Curve("wall") = {1, 3, 4};
Physical Curve("outflow") = {2};
Physical Surface("water") = {1};
