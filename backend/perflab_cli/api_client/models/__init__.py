""" Contains all the data models used in inputs/outputs """

from .agent_clocks import AgentClocks
from .agent_net import AgentNet
from .agent_out import AgentOut
from .agent_out_capabilities import AgentOutCapabilities
from .agent_out_status import AgentOutStatus
from .agent_ref import AgentRef
from .analyses_progress import AnalysesProgress
from .analysis_index import AnalysisIndex
from .analysis_pending import AnalysisPending
from .analysis_results_first_call import AnalysisResultsFirstCall
from .analysis_results_first_call_steps_ns import AnalysisResultsFirstCallStepsNs
from .analysis_results_first_calls import AnalysisResultsFirstCalls
from .anova import Anova
from .api_token_create import ApiTokenCreate
from .api_token_created import ApiTokenCreated
from .api_token_out import ApiTokenOut
from .base_point import BasePoint
from .baseline_in import BaselineIn
from .batch_ack import BatchAck
from .box_plot import BoxPlot
from .call_counts import CallCounts
from .call_series import CallSeries
from .calls_mean import CallsMean
from .change_point import ChangePoint
from .check_out import CheckOut
from .check_out_noise_source import CheckOutNoiseSource
from .check_out_verdict import CheckOutVerdict
from .class_in import ClassIn
from .clock_alignment import ClockAlignment
from .clock_alignment_method import ClockAlignmentMethod
from .clock_result import ClockResult
from .clock_result_source import ClockResultSource
from .column_info import ColumnInfo
from .crossover import Crossover
from .demand import Demand
from .demand_kind import DemandKind
from .demand_source import DemandSource
from .demands_result import DemandsResult
from .ecdf import Ecdf
from .ecs_result import EcsResult
from .ecs_result_ratio_table_type_0 import EcsResultRatioTableType0
from .ecs_result_ratios_type_0 import EcsResultRatiosType0
from .enroll_in import EnrollIn
from .enroll_in_capabilities import EnrollInCapabilities
from .enroll_out import EnrollOut
from .enrollment_token_out import EnrollmentTokenOut
from .environment_diff_out import EnvironmentDiffOut
from .environment_difference import EnvironmentDifference
from .export_compare_report_api_compare_report_pdf_get_paper import ExportCompareReportApiCompareReportPdfGetPaper
from .export_csv_api_runs_run_id_export_csv_get_table import ExportCsvApiRunsRunIdExportCsvGetTable
from .export_report_api_runs_run_id_report_pdf_get_paper import ExportReportApiRunsRunIdReportPdfGetPaper
from .export_table_info import ExportTableInfo
from .export_trace_api_runs_run_id_trace_json_get_compress import ExportTraceApiRunsRunIdTraceJsonGetCompress
from .flows_create import FlowsCreate
from .flows_create_mode import FlowsCreateMode
from .growth import Growth
from .growth_also_item import GrowthAlsoItem
from .health import Health
from .http_validation_error import HTTPValidationError
from .inject_in import InjectIn
from .inject_in_at import InjectInAt
from .inject_in_kind import InjectInKind
from .inject_in_step import InjectInStep
from .job_status_in import JobStatusIn
from .job_status_in_result_type_0 import JobStatusInResultType0
from .job_status_in_state import JobStatusInState
from .link_profile_out import LinkProfileOut
from .link_profile_out_aqm import LinkProfileOutAqm
from .link_profile_out_emulation import LinkProfileOutEmulation
from .link_profile_out_jitter_distribution import LinkProfileOutJitterDistribution
from .link_profile_out_reverse import LinkProfileOutReverse
from .link_status import LinkStatus
from .link_status_agents import LinkStatusAgents
from .link_status_agents_additional_property import LinkStatusAgentsAdditionalProperty
from .live_calls import LiveCalls
from .live_calls_events_item import LiveCallsEventsItem
from .load_at_point import LoadAtPoint
from .load_curve_point import LoadCurvePoint
from .load_knee import LoadKnee
from .load_model import LoadModel
from .load_model_stations_item import LoadModelStationsItem
from .load_point import LoadPoint
from .load_result import LoadResult
from .load_schedule import LoadSchedule
from .login_in import LoginIn
from .login_out import LoginOut
from .me import Me
from .me_role import MeRole
from .model_result import ModelResult
from .model_result_injection_type_0 import ModelResultInjectionType0
from .model_result_solvers import ModelResultSolvers
from .model_result_think_distribution import ModelResultThinkDistribution
from .model_row import ModelRow
from .model_row_cv_2 import ModelRowCv2
from .model_row_slow_start_type_0 import ModelRowSlowStartType0
from .model_row_solver import ModelRowSolver
from .model_verdict import ModelVerdict
from .model_verdict_level import ModelVerdictLevel
from .moved_step import MovedStep
from .mva_in import MvaIn
from .mva_in_method import MvaInMethod
from .mva_out import MvaOut
from .mva_out_method import MvaOutMethod
from .mva_sweep_out import MvaSweepOut
from .mva_sweep_out_method import MvaSweepOutMethod
from .mva_sweep_row import MvaSweepRow
from .net_path import NetPath
from .noise_floor import NoiseFloor
from .ok import Ok
from .packet_count import PacketCount
from .packet_jump import PacketJump
from .packet_model_in import PacketModelIn
from .packet_model_out import PacketModelOut
from .packet_model_out_counts_item import PacketModelOutCountsItem
from .packet_model_out_jumps_item import PacketModelOutJumpsItem
from .packets_result import PacketsResult
from .packets_result_params import PacketsResultParams
from .packets_result_source import PacketsResultSource
from .password_change_in import PasswordChangeIn
from .peer_clock import PeerClock
from .peer_clock_role import PeerClockRole
from .pingpong_run_create import PingpongRunCreate
from .pingpong_run_create_arrival import PingpongRunCreateArrival
from .pingpong_run_create_transport import PingpongRunCreateTransport
from .point_demands import PointDemands
from .point_estimate import PointEstimate
from .point_rounds import PointRounds
from .point_summary import PointSummary
from .point_summary_loop import PointSummaryLoop
from .probe_cost import ProbeCost
from .probe_cost_source import ProbeCostSource
from .read_commands_api_agents_commands_get_response_read_commands_api_agents_commands_get import ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet
from .read_point_analysis_api_runs_run_id_points_point_no_analyses_kind_get_kind import ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind
from .read_point_analysis_api_runs_run_id_points_point_no_analyses_kind_get_response_read_point_analysis_api_runs_run_id_points_point_no_analyses_kind_get import ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet
from .read_runs_api_runs_get_kind_item import ReadRunsApiRunsGetKindItem
from .read_runs_api_runs_get_order import ReadRunsApiRunsGetOrder
from .read_runs_api_runs_get_sort import ReadRunsApiRunsGetSort
from .read_runs_api_runs_get_status_item import ReadRunsApiRunsGetStatusItem
from .read_table_json_api_runs_run_id_table_json_get_table import ReadTableJsonApiRunsRunIdTableJsonGetTable
from .read_timeline_api_runs_run_id_timeline_get_format import ReadTimelineApiRunsRunIdTimelineGetFormat
from .regression import Regression
from .report_agent import ReportAgent
from .report_agent_capabilities import ReportAgentCapabilities
from .report_agent_environment import ReportAgentEnvironment
from .report_agent_role import ReportAgentRole
from .report_data import ReportData
from .report_data_probe import ReportDataProbe
from .report_job import ReportJob
from .report_note import ReportNote
from .response_bounds import ResponseBounds
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
from .rpc_vs_sockets import RpcVsSockets
from .rtp_message import RtpMessage
from .rtp_part import RtpPart
from .rtp_point import RtpPoint
from .rtp_result import RtpResult
from .rtp_segment import RtpSegment
from .rtp_segment_kind import RtpSegmentKind
from .rtt_at_size import RttAtSize
from .run_clock import RunClock
from .run_edit import RunEdit
from .run_estimate import RunEstimate
from .run_export import RunExport
from .run_first_call import RunFirstCall
from .run_first_calls import RunFirstCalls
from .run_headline import RunHeadline
from .run_link import RunLink
from .run_link_emulation_type_0 import RunLinkEmulationType0
from .run_link_paths_type_0 import RunLinkPathsType0
from .run_out import RunOut
from .run_out_environment_type_0 import RunOutEnvironmentType0
from .run_out_status import RunOutStatus
from .run_page import RunPage
from .run_params import RunParams
from .run_precision import RunPrecision
from .run_probe import RunProbe
from .run_probe_results import RunProbeResults
from .run_probe_results_additional_property import RunProbeResultsAdditionalProperty
from .run_progress import RunProgress
from .run_progress_phase import RunProgressPhase
from .run_summary import RunSummary
from .run_throughput import RunThroughput
from .segment_change import SegmentChange
from .series_out import SeriesOut
from .series_page import SeriesPage
from .series_run import SeriesRun
from .server_pool import ServerPool
from .sim_result import SimResult
from .simulate_in import SimulateIn
from .simulate_in_service import SimulateInService
from .simulate_out import SimulateOut
from .simulation_budget import SimulationBudget
from .slow_start import SlowStart
from .spectrum_row import SpectrumRow
from .station_in import StationIn
from .station_in_kind import StationInKind
from .stats import Stats
from .step_change import StepChange
from .step_change_direction import StepChangeDirection
from .step_code_name import StepCodeName
from .step_row import StepRow
from .step_stats_point import StepStatsPoint
from .step_stats_result import StepStatsResult
from .step_stats_result_probe_cost_ns import StepStatsResultProbeCostNs
from .step_summary import StepSummary
from .stream_create import StreamCreate
from .stream_create_transport import StreamCreateTransport
from .study_row import StudyRow
from .sweep_in import SweepIn
from .sweep_in_method import SweepInMethod
from .table_json import TableJson
from .table_of_rows import TableOfRows
from .tail_attribution import TailAttribution
from .tail_percentile import TailPercentile
from .tail_point import TailPoint
from .tail_point_loop import TailPointLoop
from .tail_segment import TailSegment
from .tails_result import TailsResult
from .tails_result_loop import TailsResultLoop
from .throughput import Throughput
from .timeline_calls import TimelineCalls
from .timeline_out import TimelineOut
from .timeline_steps import TimelineSteps
from .trace_size import TraceSize
from .trend_out import TrendOut
from .trend_point import TrendPoint
from .trend_rtt import TrendRtt
from .trend_run import TrendRun
from .trend_step import TrendStep
from .unavailable import Unavailable
from .unit_cost import UnitCost
from .unit_cost_result import UnitCostResult
from .unit_cost_row import UnitCostRow
from .user_create import UserCreate
from .user_create_role import UserCreateRole
from .user_out import UserOut
from .user_out_role import UserOutRole
from .user_update import UserUpdate
from .user_update_role_type_0 import UserUpdateRoleType0
from .validation_error import ValidationError
from .validation_error_context import ValidationErrorContext
from .what_if_in import WhatIfIn
from .what_if_in_demands_type_0_item import WhatIfInDemandsType0Item
from .what_if_in_scales import WhatIfInScales
from .what_if_in_segments_type_0_item import WhatIfInSegmentsType0Item
from .what_if_mva import WhatIfMva
from .what_if_out import WhatIfOut

__all__ = (
    "AgentClocks",
    "AgentNet",
    "AgentOut",
    "AgentOutCapabilities",
    "AgentOutStatus",
    "AgentRef",
    "AnalysesProgress",
    "AnalysisIndex",
    "AnalysisPending",
    "AnalysisResultsFirstCall",
    "AnalysisResultsFirstCalls",
    "AnalysisResultsFirstCallStepsNs",
    "Anova",
    "ApiTokenCreate",
    "ApiTokenCreated",
    "ApiTokenOut",
    "BaselineIn",
    "BasePoint",
    "BatchAck",
    "BoxPlot",
    "CallCounts",
    "CallSeries",
    "CallsMean",
    "ChangePoint",
    "CheckOut",
    "CheckOutNoiseSource",
    "CheckOutVerdict",
    "ClassIn",
    "ClockAlignment",
    "ClockAlignmentMethod",
    "ClockResult",
    "ClockResultSource",
    "ColumnInfo",
    "Crossover",
    "Demand",
    "DemandKind",
    "DemandSource",
    "DemandsResult",
    "Ecdf",
    "EcsResult",
    "EcsResultRatiosType0",
    "EcsResultRatioTableType0",
    "EnrollIn",
    "EnrollInCapabilities",
    "EnrollmentTokenOut",
    "EnrollOut",
    "EnvironmentDifference",
    "EnvironmentDiffOut",
    "ExportCompareReportApiCompareReportPdfGetPaper",
    "ExportCsvApiRunsRunIdExportCsvGetTable",
    "ExportReportApiRunsRunIdReportPdfGetPaper",
    "ExportTableInfo",
    "ExportTraceApiRunsRunIdTraceJsonGetCompress",
    "FlowsCreate",
    "FlowsCreateMode",
    "Growth",
    "GrowthAlsoItem",
    "Health",
    "HTTPValidationError",
    "InjectIn",
    "InjectInAt",
    "InjectInKind",
    "InjectInStep",
    "JobStatusIn",
    "JobStatusInResultType0",
    "JobStatusInState",
    "LinkProfileOut",
    "LinkProfileOutAqm",
    "LinkProfileOutEmulation",
    "LinkProfileOutJitterDistribution",
    "LinkProfileOutReverse",
    "LinkStatus",
    "LinkStatusAgents",
    "LinkStatusAgentsAdditionalProperty",
    "LiveCalls",
    "LiveCallsEventsItem",
    "LoadAtPoint",
    "LoadCurvePoint",
    "LoadKnee",
    "LoadModel",
    "LoadModelStationsItem",
    "LoadPoint",
    "LoadResult",
    "LoadSchedule",
    "LoginIn",
    "LoginOut",
    "Me",
    "MeRole",
    "ModelResult",
    "ModelResultInjectionType0",
    "ModelResultSolvers",
    "ModelResultThinkDistribution",
    "ModelRow",
    "ModelRowCv2",
    "ModelRowSlowStartType0",
    "ModelRowSolver",
    "ModelVerdict",
    "ModelVerdictLevel",
    "MovedStep",
    "MvaIn",
    "MvaInMethod",
    "MvaOut",
    "MvaOutMethod",
    "MvaSweepOut",
    "MvaSweepOutMethod",
    "MvaSweepRow",
    "NetPath",
    "NoiseFloor",
    "Ok",
    "PacketCount",
    "PacketJump",
    "PacketModelIn",
    "PacketModelOut",
    "PacketModelOutCountsItem",
    "PacketModelOutJumpsItem",
    "PacketsResult",
    "PacketsResultParams",
    "PacketsResultSource",
    "PasswordChangeIn",
    "PeerClock",
    "PeerClockRole",
    "PingpongRunCreate",
    "PingpongRunCreateArrival",
    "PingpongRunCreateTransport",
    "PointDemands",
    "PointEstimate",
    "PointRounds",
    "PointSummary",
    "PointSummaryLoop",
    "ProbeCost",
    "ProbeCostSource",
    "ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet",
    "ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind",
    "ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet",
    "ReadRunsApiRunsGetKindItem",
    "ReadRunsApiRunsGetOrder",
    "ReadRunsApiRunsGetSort",
    "ReadRunsApiRunsGetStatusItem",
    "ReadTableJsonApiRunsRunIdTableJsonGetTable",
    "ReadTimelineApiRunsRunIdTimelineGetFormat",
    "Regression",
    "ReportAgent",
    "ReportAgentCapabilities",
    "ReportAgentEnvironment",
    "ReportAgentRole",
    "ReportData",
    "ReportDataProbe",
    "ReportJob",
    "ReportNote",
    "ResponseBounds",
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
    "RpcVsSockets",
    "RtpMessage",
    "RtpPart",
    "RtpPoint",
    "RtpResult",
    "RtpSegment",
    "RtpSegmentKind",
    "RttAtSize",
    "RunClock",
    "RunEdit",
    "RunEstimate",
    "RunExport",
    "RunFirstCall",
    "RunFirstCalls",
    "RunHeadline",
    "RunLink",
    "RunLinkEmulationType0",
    "RunLinkPathsType0",
    "RunOut",
    "RunOutEnvironmentType0",
    "RunOutStatus",
    "RunPage",
    "RunParams",
    "RunPrecision",
    "RunProbe",
    "RunProbeResults",
    "RunProbeResultsAdditionalProperty",
    "RunProgress",
    "RunProgressPhase",
    "RunSummary",
    "RunThroughput",
    "SegmentChange",
    "SeriesOut",
    "SeriesPage",
    "SeriesRun",
    "ServerPool",
    "SimResult",
    "SimulateIn",
    "SimulateInService",
    "SimulateOut",
    "SimulationBudget",
    "SlowStart",
    "SpectrumRow",
    "StationIn",
    "StationInKind",
    "Stats",
    "StepChange",
    "StepChangeDirection",
    "StepCodeName",
    "StepRow",
    "StepStatsPoint",
    "StepStatsResult",
    "StepStatsResultProbeCostNs",
    "StepSummary",
    "StreamCreate",
    "StreamCreateTransport",
    "StudyRow",
    "SweepIn",
    "SweepInMethod",
    "TableJson",
    "TableOfRows",
    "TailAttribution",
    "TailPercentile",
    "TailPoint",
    "TailPointLoop",
    "TailSegment",
    "TailsResult",
    "TailsResultLoop",
    "Throughput",
    "TimelineCalls",
    "TimelineOut",
    "TimelineSteps",
    "TraceSize",
    "TrendOut",
    "TrendPoint",
    "TrendRtt",
    "TrendRun",
    "TrendStep",
    "Unavailable",
    "UnitCost",
    "UnitCostResult",
    "UnitCostRow",
    "UserCreate",
    "UserCreateRole",
    "UserOut",
    "UserOutRole",
    "UserUpdate",
    "UserUpdateRoleType0",
    "ValidationError",
    "ValidationErrorContext",
    "WhatIfIn",
    "WhatIfInDemandsType0Item",
    "WhatIfInScales",
    "WhatIfInSegmentsType0Item",
    "WhatIfMva",
    "WhatIfOut",
)
