/* Reading members of the backend's JSON (cJSON) without undefined conversions: the backend may send any number,
 * and a C cast of an out-of-range double is undefined. Used by the daemon (command, enrolment) and the job kinds. */
#ifndef PL_JSON_GET_H
#define PL_JSON_GET_H

struct cJSON;

/* A member as a whole number (fraction dropped), clamped to the range of long long; dflt when absent or not a
 * number. */
long long pl_job_num(const struct cJSON *o, const char *key, long long dflt);
/* v clamped to [lo, hi] before it is converted; dflt for NaN. */
long long pl_json_clamp_ll(double v, long long lo, long long hi, long long dflt);
/* A job id: a number in 0 .. 2^63 - 1 (fraction dropped), else -1. */
long long pl_json_job_id(const struct cJSON *v);
/* A string member, dflt when absent or not a string. */
const char *pl_job_str(const struct cJSON *o, const char *key, const char *dflt);

#endif
