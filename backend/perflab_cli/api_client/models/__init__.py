""" Contains all the data models used in inputs/outputs """

from .agent_net import AgentNet
from .agent_out import AgentOut
from .agent_out_capabilities import AgentOutCapabilities
from .agent_out_status import AgentOutStatus
from .agent_ref import AgentRef
from .baseline_in import BaselineIn
from .box_plot import BoxPlot
from .call_counts import CallCounts
from .change_point import ChangePoint
from .check_out import CheckOut
from .check_out_noise_source import CheckOutNoiseSource
from .check_out_verdict import CheckOutVerdict
from .ecdf import Ecdf
from .environment_difference import EnvironmentDifference
from .export_csv_api_runs_run_id_export_csv_get_table import ExportCsvApiRunsRunIdExportCsvGetTable
from .export_report_api_runs_run_id_report_pdf_get_paper import ExportReportApiRunsRunIdReportPdfGetPaper
from .export_trace_api_runs_run_id_trace_json_get_compress import ExportTraceApiRunsRunIdTraceJsonGetCompress
from .flows_create import FlowsCreate
from .flows_create_mode import FlowsCreateMode
from .http_validation_error import HTTPValidationError
from .inject_in import InjectIn
from .inject_in_at import InjectInAt
from .inject_in_kind import InjectInKind
from .inject_in_step import InjectInStep
from .me import Me
from .me_role import MeRole
from .moved_step import MovedStep
from .net_path import NetPath
from .noise_floor import NoiseFloor
from .pingpong_run_create import PingpongRunCreate
from .pingpong_run_create_arrival import PingpongRunCreateArrival
from .pingpong_run_create_transport import PingpongRunCreateTransport
from .point_rounds import PointRounds
from .point_summary import PointSummary
from .point_summary_loop import PointSummaryLoop
from .read_runs_api_runs_get_kind_item import ReadRunsApiRunsGetKindItem
from .read_runs_api_runs_get_order import ReadRunsApiRunsGetOrder
from .read_runs_api_runs_get_sort import ReadRunsApiRunsGetSort
from .read_runs_api_runs_get_status_item import ReadRunsApiRunsGetStatusItem
from .rpc_point import RpcPoint
from .rpc_run_create import RpcRunCreate
from .rpc_run_create_arrival import RpcRunCreateArrival
from .rpc_run_create_cache_item import RpcRunCreateCacheItem
from .rpc_run_create_procedure import RpcRunCreateProcedure
from .rpc_run_create_protection_item import RpcRunCreateProtectionItem
from .rpc_run_create_think_distribution import RpcRunCreateThinkDistribution
from .rpc_run_create_transport import RpcRunCreateTransport
from .rpc_run_params import RpcRunParams
from .rpc_run_params_arrival import RpcRunParamsArrival
from .rpc_run_params_packetisation import RpcRunParamsPacketisation
from .rpc_run_params_think_distribution import RpcRunParamsThinkDistribution
from .rpc_run_params_transport import RpcRunParamsTransport
from .run_first_call import RunFirstCall
from .run_first_calls import RunFirstCalls
from .run_link import RunLink
from .run_link_emulation_type_0 import RunLinkEmulationType0
from .run_link_paths_type_0 import RunLinkPathsType0
from .run_out import RunOut
from .run_out_environment_type_0 import RunOutEnvironmentType0
from .run_out_status import RunOutStatus
from .run_page import RunPage
from .run_params import RunParams
from .run_precision import RunPrecision
from .run_progress import RunProgress
from .run_progress_phase import RunProgressPhase
from .run_summary import RunSummary
from .series_out import SeriesOut
from .series_page import SeriesPage
from .series_run import SeriesRun
from .stats import Stats
from .step_change import StepChange
from .step_change_direction import StepChangeDirection
from .step_summary import StepSummary
from .stream_create import StreamCreate
from .stream_create_transport import StreamCreateTransport
from .trend_out import TrendOut
from .trend_point import TrendPoint
from .trend_rtt import TrendRtt
from .trend_run import TrendRun
from .trend_step import TrendStep
from .validation_error import ValidationError
from .validation_error_context import ValidationErrorContext

__all__ = (
    "AgentNet",
    "AgentOut",
    "AgentOutCapabilities",
    "AgentOutStatus",
    "AgentRef",
    "BaselineIn",
    "BoxPlot",
    "CallCounts",
    "ChangePoint",
    "CheckOut",
    "CheckOutNoiseSource",
    "CheckOutVerdict",
    "Ecdf",
    "EnvironmentDifference",
    "ExportCsvApiRunsRunIdExportCsvGetTable",
    "ExportReportApiRunsRunIdReportPdfGetPaper",
    "ExportTraceApiRunsRunIdTraceJsonGetCompress",
    "FlowsCreate",
    "FlowsCreateMode",
    "HTTPValidationError",
    "InjectIn",
    "InjectInAt",
    "InjectInKind",
    "InjectInStep",
    "Me",
    "MeRole",
    "MovedStep",
    "NetPath",
    "NoiseFloor",
    "PingpongRunCreate",
    "PingpongRunCreateArrival",
    "PingpongRunCreateTransport",
    "PointRounds",
    "PointSummary",
    "PointSummaryLoop",
    "ReadRunsApiRunsGetKindItem",
    "ReadRunsApiRunsGetOrder",
    "ReadRunsApiRunsGetSort",
    "ReadRunsApiRunsGetStatusItem",
    "RpcPoint",
    "RpcRunCreate",
    "RpcRunCreateArrival",
    "RpcRunCreateCacheItem",
    "RpcRunCreateProcedure",
    "RpcRunCreateProtectionItem",
    "RpcRunCreateThinkDistribution",
    "RpcRunCreateTransport",
    "RpcRunParams",
    "RpcRunParamsArrival",
    "RpcRunParamsPacketisation",
    "RpcRunParamsThinkDistribution",
    "RpcRunParamsTransport",
    "RunFirstCall",
    "RunFirstCalls",
    "RunLink",
    "RunLinkEmulationType0",
    "RunLinkPathsType0",
    "RunOut",
    "RunOutEnvironmentType0",
    "RunOutStatus",
    "RunPage",
    "RunParams",
    "RunPrecision",
    "RunProgress",
    "RunProgressPhase",
    "RunSummary",
    "SeriesOut",
    "SeriesPage",
    "SeriesRun",
    "Stats",
    "StepChange",
    "StepChangeDirection",
    "StepSummary",
    "StreamCreate",
    "StreamCreateTransport",
    "TrendOut",
    "TrendPoint",
    "TrendRtt",
    "TrendRun",
    "TrendStep",
    "ValidationError",
    "ValidationErrorContext",
)
