"""SQLAlchemy 2 mapped classes. Importing this package registers every table on Base.metadata."""

from perflab.models.base import Base
from perflab.models.agent import Agent
from perflab.models.run import Job, Point, Run, RunStatus, JobState, SeriesBaseline
from perflab.models.shared_state import LiveEvent, RateHit, ReportJob
from perflab.models.trace import Analysis, AnalysisProgress, Batch, CallBlock, StepBlock
from perflab.models.user import ApiToken, EnrollmentToken, Role, User, WebSession

__all__ = ["Base", "Agent", "Run", "RunStatus", "SeriesBaseline", "Point", "Job", "JobState", "Batch", "CallBlock", "StepBlock", "Analysis",
           "AnalysisProgress", "User", "Role", "ApiToken", "WebSession", "EnrollmentToken",
           "LiveEvent", "RateHit", "ReportJob"]
