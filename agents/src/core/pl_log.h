/* stderr logging: one line per event, prefixed with the agent name. */
#ifndef PL_LOG_H
#define PL_LOG_H

#define PL_VERSION "0.1.0"

void pl_log_set_name(const char *name);
void pl_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
