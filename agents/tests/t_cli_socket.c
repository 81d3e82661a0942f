/* The stream and flows commands as a user runs them: a receiver/server in one process, the
 * client in another, JSON out; bad options exit 2 naming the option and its range. */
#include "check.h"
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char agent[600];

/* run cmd, capture stdout+stderr into out, return the exit status */
static int run(const char *args, char *out, size_t len)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", agent, args);
    FILE *p = popen(cmd, "r");
    size_t got = fread(out, 1, len - 1, p);
    out[got] = 0;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* start "agent args" listening; its first stdout line names the port */
static pid_t listen_on(const char *args, int *port)
{
    int fds[2];
    if (pipe(fds))
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "exec %s %s", agent, args);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char line[256] = "";
    FILE *f = fdopen(fds[0], "r");
    if (!fgets(line, sizeof line, f))
        line[0] = 0;
    const char *p = strstr(line, "\"port\": ");
    *port = p ? atoi(p + 8) : -1;
    return pid;
}

int main(void)
{
    char self[512], out[65536];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = 0;
    snprintf(agent, sizeof agent, "%s/../perflab-agent", dirname(self));

    int port;
    pid_t rx = listen_on("stream --listen 0 --bind 127.0.0.1 --transport tcp", &port);
    CHECK(port > 0, "stream receiver port %d", port);
    char args[300];
    snprintf(args, sizeof args, "stream --connect 127.0.0.1:%d --duration 1 --interval-ms 250 --json", port);
    CHECK(run(args, out, sizeof out) == 0, "stream client failed: %s", out);
    CHECK(strstr(out, "\"sent_bytes\"") && strstr(out, "\"received_bytes\"") && strstr(out, "\"intervals\""),
          "stream JSON: %.400s", out);
    kill(rx, SIGTERM);
    waitpid(rx, NULL, 0);

    pid_t srv = listen_on("flows --listen 0 --bind 127.0.0.1", &port);
    CHECK(port > 0, "flows server port %d", port);
    snprintf(args, sizeof args, "flows --connect 127.0.0.1:%d --mode processes --flows 3 --calls 200 --json", port);
    CHECK(run(args, out, sizeof out) == 0, "flows client failed: %s", out);
    CHECK(strstr(out, "\"calls_done\":\t630") && strstr(out, "\"errors\":\t0"), "flows JSON: %.400s", out);
    kill(srv, SIGTERM);
    int st;
    waitpid(srv, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "flows server did not stop cleanly on SIGTERM");

    CHECK(run("flows --connect h:1 --flows 0", out, sizeof out) == 2 &&
              strstr(out, "--flows must be between 1 and 10 (got 0)"), "%s", out);
    CHECK(run("stream --connect h:1 --transport udp --message-bytes 65508", out, sizeof out) == 2 &&
              strstr(out, "--message-bytes must be between 1 and 65507 for udp (got 65508)"), "%s", out);
    CHECK(run("stream --listen 1 --connect h:1", out, sizeof out) == 2 &&
              strstr(out, "either --connect HOST:PORT or --listen PORT"), "%s", out);
    CHECK(run("stream --help", out, sizeof out) == 0 && strstr(out, "--interval-ms"), "%s", out);
    return check_result("t_cli_socket");
}
