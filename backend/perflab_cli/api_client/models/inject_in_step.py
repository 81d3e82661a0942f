from enum import StrEnum

class InjectInStep(StrEnum):
    C_ACK = "c.ack"
    C_BIND = "c.bind"
    C_COPY = "c.copy"
    C_END = "c.end"
    C_FREE = "c.free"
    C_MARSHAL = "c.marshal"
    C_POST_SEND = "c.post_send"
    C_QUEUE = "c.queue"
    C_RECV = "c.recv"
    C_RETRANSMIT = "c.retransmit"
    C_SENDMSG = "c.sendmsg"
    C_START = "c.start"
    C_UNMARSHAL = "c.unmarshal"
    C_WAIT = "c.wait"
    S_ACK = "s.ack"
    S_DISPATCH = "s.dispatch"
    S_END = "s.end"
    S_IDLE = "s.idle"
    S_MARSHAL = "s.marshal"
    S_RECEIVE = "s.receive"
    S_REPLY_WAIT = "s.reply_wait"
    S_SENDMSG = "s.sendmsg"
    S_SERVICE = "s.service"
    S_UNMARSHAL = "s.unmarshal"

    def __str__(self) -> str:
        return str(self.value)
