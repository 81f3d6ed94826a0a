// Denham-Patrick backward-facing step as Roe-MUSCL GPU n.d. (fig. 6a) runs
// it: a 2 m wide channel (y = 1..3 m) that widens to 3 m (y = 0..3 m) at
// x = 0, a step 1 m high on one side. 4 m of channel before the step, 20 m
// after it. Inflow at x = -4 m, outflow (level) at x = 20 m, slip walls
// elsewhere.
SetFactory("Built-in");
If (!Exists(size))
  size = 0.2;
EndIf
Point(1) = {-4, 1, 0, size};
Point(2) = {0, 1, 0, size};
Point(3) = {0, 0, 0, size};
Point(4) = {20, 0, 0, size};
Point(5) = {20, 3, 0, size};
Point(6) = {-4, 3, 0, size};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 5};
Line(5) = {5, 6};
Line(6) = {6, 1};
Curve Loop(1) = {1:6};
Plane Surface(1) = {1};
Physical Curve("wall") = {1, 2, 3, 5};
Physical Curve("outflow") = {4};
Physical Curve("inflow") = {6};
Physical Surface("water") = {1};
