/* Number and string members of the backend's JSON (json_get.h). */
#include "json_get.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <math.h>

long long pl_json_clamp_ll(double v, long long lo, long long hi, long long dflt)
{
    if (isnan(v))
        return dflt;
    if (v <= (double)lo)
        return lo;
    if (v >= (double)hi) /* (double)LLONG_MAX is 2^63, one past it: compared, never converted */
        return hi;
    return (long long)v;
}

long long pl_job_num(const cJSON *o, const char *key, long long dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? pl_json_clamp_ll(v->valuedouble, LLONG_MIN, LLONG_MAX, dflt) : dflt;
}

long long pl_json_job_id(const cJSON *v)
{
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble < 9223372036854775808.0))
        return -1;
    return (long long)v->valuedouble;
}

const char *pl_job_str(const cJSON *o, const char *key, const char *dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : dflt;
}
