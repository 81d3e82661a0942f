/* What the agent tells the backend about itself beyond its name: the probe clock and its
 * cost, kernel timestamping, local limits. Enrolment capabilities and every job status. */
#ifndef PL_CAPS_H
#define PL_CAPS_H

struct cJSON;

/* Add clock, probe_cost, kernel_timestamps and limits to an enrolment's capabilities object. */
void pl_caps_fill(struct cJSON *caps);
/* Add "probe": {source, probe_ns, clock_read_ns, clock_gettime_ns, tsc_hz} to a job status. */
void pl_caps_add_probe(struct cJSON *o);

/* Add the load averages {1m, 5m, 15m} (getloadavg) to o: a job's "load_at_start" when its measuring began. */
void pl_caps_add_load(struct cJSON *o);

#endif
