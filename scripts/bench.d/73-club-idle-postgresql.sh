# The club at rest (72-club-idle.sh) with its store in a PostgreSQL of the benchmark's own
# (tests/sh/pg_lib.bash): the server's connection to it waits in the same poll() as the
# clients, so an idle server still uses no processor. Each figure as 72's, named so.
HALMA_TEST_STORE=postgresql bash "$(dirname "$0")/72-club-idle.sh" |
    sed 's/^club idle: /club idle, PostgreSQL: /'
exit "${PIPESTATUS[0]}"
