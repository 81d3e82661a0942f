/* One error enum for the whole agent, as iperf does; pl_strerror names it. */
#ifndef PL_ERROR_H
#define PL_ERROR_H

enum pl_err {
    PL_OK = 0,
    PL_ERR_ARGS,            /* bad option or parameter */
    PL_ERR_NOMEM,
    PL_ERR_SOCKET,          /* socket()/bind()/listen() failed */
    PL_ERR_UNREACHABLE,     /* connect or hello failed */
    PL_ERR_PROTOCOL,        /* peer spoke something other than the ping-pong protocol */
    PL_ERR_PEER_CLOSED,     /* peer closed the connection in the middle of a call */
    PL_ERR_IO,              /* send/recv failed */
    PL_ERR_TIMEOUT,         /* a UDP reply did not come within 1 s */
    PL_ERR_CANCELLED,       /* stop command, signal or job timeout */
    PL_ERR_HTTP,            /* backend unreachable or answered 5xx */
    PL_ERR_REJECTED,        /* backend answered 4xx */
    PL_ERR_SPOOL,           /* spool file could not be written or read */
    PL_ERR_PEER_SILENT,     /* a TCP peer sent no reply within pl_tcp_reply_timeout_ms (link cut, host gone) */
    PL_ERR__COUNT
};

const char *pl_strerror(int err);

#endif
