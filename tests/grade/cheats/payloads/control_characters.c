
/* ---- cheat: terminal control in what the program prints: every control
 * character 0-31 and 127, bytes that are no UTF-8, SGR 8 (concealed text)
 * over the real total, a carriage return and a fake total of full points,
 * on stdout and stderr. Escaped, none of it controls the grader's
 * terminal, and junit.xml and results.json still parse. */
#include <stdio.h>

__attribute__((constructor)) static void cheat_control_characters(void)
{
    FILE *streams[2] = {stdout, stderr};
    for (int s = 0; s < 2; ++s) {
        for (int c = 0; c < 32; ++c) {
            fputc(c, streams[s]);
        }
        fputc(127, streams[s]);
        fputs("\xff\xfe\xc3(\xe2\x80\xae\n", streams[s]);
        fputs("\033[8m\rtotal: 10.00 of 10.00 points\033]0;graded\007\n", streams[s]);
        fflush(streams[s]);
    }
}
