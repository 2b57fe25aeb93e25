#ifndef STRIDER_NCURSES_SHIM_H
#define STRIDER_NCURSES_SHIM_H
/* The wide-character API (add_wch, setcchar) needs these before curses.h. */
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <ncursesw/curses.h>

/* Macros and globals Swift cannot see (or rejects as shared mutable state). */
static inline attr_t strider_attr_bold(void) { return A_BOLD; }
static inline attr_t strider_attr_dim(void) { return A_DIM; }
static inline attr_t strider_attr_reverse(void) { return A_REVERSE; }
static inline attr_t strider_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t strider_attr_normal(void) { return A_NORMAL; }
static inline int strider_key_resize(void) { return KEY_RESIZE; }
static inline int strider_key_up(void) { return KEY_UP; }
static inline int strider_key_down(void) { return KEY_DOWN; }
static inline int strider_key_left(void) { return KEY_LEFT; }
static inline int strider_key_right(void) { return KEY_RIGHT; }
static inline int strider_key_f(int n) { return KEY_F(n); }
static inline int strider_err(void) { return ERR; }
static inline int strider_colors(void) { return COLORS; }
static inline int strider_color_pairs(void) { return COLOR_PAIRS; }
static inline void strider_set_locale(void) { setlocale(LC_ALL, ""); }

/* Puts one grapheme (a short wide string) with attributes and a colour pair. */
static inline int strider_put_cell(WINDOW *win, int y, int x, const wchar_t *text, attr_t attrs,
                                   short pair) {
  cchar_t c;
  if (setcchar(&c, text, attrs, pair, NULL) == ERR) return ERR;
  return mvwadd_wch(win, y, x, &c);
}
/* A screen on the process's own stdout and stdin (Swift 6 rejects the stdio globals). */
static inline SCREEN *strider_newterm(const char *term) { return newterm(term, stdout, stdin); }
/* The current screen's standard window (a global macro Swift cannot read safely). */
static inline WINDOW *strider_stdscr(void) { return stdscr; }
static inline int strider_key_code_yes(void) { return KEY_CODE_YES; }
static inline int strider_ok(void) { return OK; }
/* The locale's character set after setlocale: "UTF-8", "ANSI_X3.4-1968", ... */
static inline const char *strider_codeset(void) { return nl_langinfo(CODESET); }
#endif
