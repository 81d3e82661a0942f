/* The daemon's backend rule: https:// always, http:// only to loopback or with --allow-plain-http;
 * the CA file checked at start; a 401 naming a revocation told apart from an unknown token. */
#include "check.h"
#include "agent.h"
#include "backend_url.h"
#include "cli.h"
#include "daemon.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void host_is(const char *url, const char *want)
{
    char host[64] = "";
    int rc = pl_url_host(url, host, sizeof host);
    if (!want)
        CHECK(rc == -1, "%s: host '%s' found, none expected", url, host);
    else
        CHECK(rc == 0 && strcmp(host, want) == 0, "%s: host '%s' (rc %d), want '%s'", url, host, rc, want);
}

static void allowed(const char *url, int allow_plain, int want_ok, int want_https)
{
    char err[512] = "";
    int https = -1;
    int rc = pl_backend_url_check(url, allow_plain, &https, err, sizeof err);
    CHECK((rc == 0) == want_ok, "%s (allow %d): rc %d, want %s: %s", url, allow_plain, rc,
          want_ok ? "ok" : "refused", err);
    if (want_ok)
        CHECK(https == want_https, "%s: https %d, want %d", url, https, want_https);
    else
        CHECK(strstr(err, "--allow-plain-http") || strstr(err, "https://"), "%s: message '%s' names no way out",
              url, err);
}

static void daemon_opts(const char *backend, const char *ca, int allow_plain, int want_rc, const char *want_msg,
                        const char *want_ca)
{
    struct pl_daemon_opts o = {.backend = backend, .ca_file = ca};
    char err[512] = "";
    int rc = pl_daemon_check_backend(&o, allow_plain, err, sizeof err);
    CHECK(rc == want_rc, "%s ca %s: rc %d, want %d (%s)", backend, ca ? ca : "-", rc, want_rc, err);
    if (want_msg)
        CHECK(strstr(err, want_msg) != NULL, "message '%s' lacks '%s'", err, want_msg);
    if (rc == PL_EXIT_OK)
        CHECK(want_ca ? o.ca_file && strcmp(o.ca_file, want_ca) == 0 : o.ca_file == NULL,
              "%s: ca_file %s, want %s", backend, o.ca_file ? o.ca_file : "NULL", want_ca ? want_ca : "NULL");
}

static void revoked(const char *body, int want, const char *want_detail)
{
    char detail[256];
    int got = pl_agent_answer_says_revoked(body, detail, sizeof detail);
    CHECK(got == want, "'%s': revoked %d, want %d", body ? body : "(null)", got, want);
    CHECK(strcmp(detail, want_detail) == 0, "'%s': detail '%s', want '%s'", body ? body : "(null)", detail,
          want_detail);
}

int main(void)
{
    host_is("http://127.0.0.1:8000/api", "127.0.0.1");
    host_is("https://lab.example.org", "lab.example.org");
    host_is("HTTP://user:pw@10.1.2.3:80/x?y#z", "10.1.2.3");
    host_is("http://[::1]:8000", "::1");
    host_is("http://[::1", NULL);
    host_is("http://:8000", NULL);
    host_is("ftp://127.0.0.1", NULL);
    host_is("127.0.0.1:8000", NULL);

    const char *loop[] = {"127.0.0.1", "127.255.255.254", "::1", "localhost", "LOCALHOST", "localhost.",
                          "::ffff:127.0.0.1"};
    for (size_t i = 0; i < sizeof loop / sizeof *loop; i++)
        CHECK(pl_host_is_loopback(loop[i]), "%s is loopback", loop[i]);
    const char *not_loop[] = {"128.0.0.1", "10.0.0.1", "0.0.0.0", "::", "::2", "::ffff:10.0.0.1",
                              "localhost.example.org", "mylocalhost", "backend", "127.1"};
    for (size_t i = 0; i < sizeof not_loop / sizeof *not_loop; i++)
        CHECK(!pl_host_is_loopback(not_loop[i]), "%s is not loopback", not_loop[i]);

    allowed("http://127.0.0.1:8000", 0, 1, 0);
    allowed("http://localhost:8000/", 0, 1, 0);
    allowed("http://[::1]:8000", 0, 1, 0);
    allowed("https://10.0.0.5:8443", 0, 1, 1);
    allowed("http://10.0.0.5:8000", 0, 0, 0);
    allowed("http://backend:8000", 0, 0, 0);
    allowed("http://127.0.0.1.evil.example:8000", 0, 0, 0); /* a name, not the address */
    allowed("http://backend:8000", 1, 1, 0);
    allowed("ftp://127.0.0.1", 1, 0, 0);

    char ca[] = "/tmp/t_backend_url_ca_XXXXXX";
    int fd = mkstemp(ca);
    CHECK(fd >= 0, "mkstemp");
    close(fd);
    daemon_opts("https://lab:8443", ca, 0, PL_EXIT_OK, NULL, ca);
    daemon_opts("https://lab:8443", NULL, 0, PL_EXIT_OK, NULL, NULL);        /* the system's CAs */
    daemon_opts("https://lab:8443", "", 0, PL_EXIT_OK, NULL, NULL);          /* PERFLAB_CA_FILE= */
    daemon_opts("https://lab:8443", "/nonexistent/ca.pem", 0, PL_EXIT_USAGE, "--ca-file /nonexistent/ca.pem", NULL);
    daemon_opts("http://127.0.0.1:8000", "/nonexistent/ca.pem", 0, PL_EXIT_OK, NULL, NULL); /* unused on http */
    daemon_opts("http://10.0.0.5:8000", NULL, 0, PL_EXIT_USAGE, "--allow-plain-http", NULL);
    daemon_opts("http://10.0.0.5:8000", NULL, 1, PL_EXIT_OK, NULL, NULL);
    unlink(ca);

    /* the backend's two 401s: revoked (stop) and unknown (enrol again), and the 403 of a revoked name */
    revoked("{\"detail\": \"revoked: agent a was revoked by an admin at 2026-01-01; stop\"}", 1,
            "revoked: agent a was revoked by an admin at 2026-01-01; stop");
    revoked("{\"detail\": \"unknown agent token: enrol again\"}", 0, "unknown agent token: enrol again");
    revoked("{\"detail\": \"agent a was Revoked by an admin; it may enrol again once reinstated\"}", 1,
            "agent a was Revoked by an admin; it may enrol again once reinstated");
    revoked("not json", 0, "not json");
    revoked(NULL, 0, "");
    return check_result("t_backend_url");
}
