"""A launched run as every kind stores it: the run, its points, and the server's job first."""

from sqlalchemy.orm import Session

from perflab.models import Agent, Job, JobState, Point, Run, RunStatus


def store_queued_run(s: Session, req, params: dict, client: Agent, server: Agent, calls_total: int,
                     points: list[dict] | None = None, link: dict | None = None) -> Run:
    """points: each point's parameters with its point_no (a sweep); one point of `params` when None."""
    run = Run(kind=req.kind, name=req.name, tags=req.tags, params=params, status=RunStatus.queued.value,
              client_agent_id=client.id, server_agent_id=server.id, calls_total=calls_total, calls_done=0,
              link=link if link is not None else {})
    s.add(run)
    s.flush()
    for p in points or [{**params, "point_no": 0}]:
        s.add(Point(run_id=run.id, point_no=p["point_no"], params=p if points else params))
    # the server goes first; the client job is queued once the server reports the port it listens on
    s.add(Job(run_id=run.id, agent_id=server.id, role="server", state=JobState.queued.value))
    s.flush()
    return run
