""" Contains all the data models used in inputs/outputs """

from .baseline_in import BaselineIn
from .export_csv_api_runs_run_id_export_csv_get_table import ExportCsvApiRunsRunIdExportCsvGetTable
from .export_report_api_runs_run_id_report_pdf_get_paper import ExportReportApiRunsRunIdReportPdfGetPaper
from .export_trace_api_runs_run_id_trace_json_get_compress import ExportTraceApiRunsRunIdTraceJsonGetCompress
from .flows_create import FlowsCreate
from .flows_create_mode import FlowsCreateMode
from .inject_in import InjectIn
from .inject_in_at import InjectInAt
from .inject_in_kind import InjectInKind
from .inject_in_step import InjectInStep
from .pingpong_run_create import PingpongRunCreate
from .pingpong_run_create_arrival import PingpongRunCreateArrival
from .pingpong_run_create_transport import PingpongRunCreateTransport
from .read_runs_api_runs_get_kind_item import ReadRunsApiRunsGetKindItem
from .read_runs_api_runs_get_order import ReadRunsApiRunsGetOrder
from .read_runs_api_runs_get_sort import ReadRunsApiRunsGetSort
from .read_runs_api_runs_get_status_item import ReadRunsApiRunsGetStatusItem
from .rpc_run_create import RpcRunCreate
from .rpc_run_create_arrival import RpcRunCreateArrival
from .rpc_run_create_cache_item import RpcRunCreateCacheItem
from .rpc_run_create_procedure import RpcRunCreateProcedure
from .rpc_run_create_protection_item import RpcRunCreateProtectionItem
from .rpc_run_create_think_distribution import RpcRunCreateThinkDistribution
from .rpc_run_create_transport import RpcRunCreateTransport
from .stream_create import StreamCreate
from .stream_create_transport import StreamCreateTransport

__all__ = (
    "BaselineIn",
    "ExportCsvApiRunsRunIdExportCsvGetTable",
    "ExportReportApiRunsRunIdReportPdfGetPaper",
    "ExportTraceApiRunsRunIdTraceJsonGetCompress",
    "FlowsCreate",
    "FlowsCreateMode",
    "InjectIn",
    "InjectInAt",
    "InjectInKind",
    "InjectInStep",
    "PingpongRunCreate",
    "PingpongRunCreateArrival",
    "PingpongRunCreateTransport",
    "ReadRunsApiRunsGetKindItem",
    "ReadRunsApiRunsGetOrder",
    "ReadRunsApiRunsGetSort",
    "ReadRunsApiRunsGetStatusItem",
    "RpcRunCreate",
    "RpcRunCreateArrival",
    "RpcRunCreateCacheItem",
    "RpcRunCreateProcedure",
    "RpcRunCreateProtectionItem",
    "RpcRunCreateThinkDistribution",
    "RpcRunCreateTransport",
    "StreamCreate",
    "StreamCreateTransport",
)
