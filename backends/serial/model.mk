# The serial model: one core, plain loops; the reference every other model
# agrees with. Built everywhere.
MODELS += serial
