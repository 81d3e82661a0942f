"""The length of every text the API takes in, written once. Schemas state them (maxLength: clients and fuzzers read
them), services check them where text arrives another way (the CLI, bootstrap), and the database columns are sized
by them. tests/test_text_inputs.py fails if a string parameter or body field of the API has no bound."""

NAME_MAX = 64  # user, agent, API token and model station names; a user name in a query
NAME_PATTERN = r"^[A-Za-z0-9._-]+$"  # user and agent names: safe in a URL, a file name and a log line
PASSWORD_MIN, PASSWORD_MAX = 12, 200  # ASVS 2.1.1's least; argon2 hashes any length, 200 bounds a login's work
RUN_NAME_MAX = 200
TAG_MAX, TAGS_MAX = 64, 20  # characters of one tag, tags of one run
NOTES_MAX = 10_000
PROFILE_NAME_MAX = 40  # a link profile's name
HOST_MAX = 255  # a host name or address (DNS's limit)
VERSION_MAX = 64
SECRET_MAX = 512  # a token presented (enrollment, an agent's previous one)
REASON_MAX = 2000  # an agent's reason for a failed job
QUERY_TEXT_MAX = 200  # free text searched for
TIME_TEXT_MAX = 40  # an ISO-8601 date-time in a query
JOB_TOKEN_MAX = 64  # a browser's token for a PDF print (its column's width)
