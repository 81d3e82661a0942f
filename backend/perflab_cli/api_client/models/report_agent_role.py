from enum import StrEnum

class ReportAgentRole(StrEnum):
    CLIENT = "client"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)
