
/* ---- not a cheat: an honest file that compiles with a warning, which
 * must be feedback (full points, the warning shown), never the end of the
 * grading. */
void shallows_left_over(void);
void shallows_left_over(void)
{
    int left_over = 0;
}
