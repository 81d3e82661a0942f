# perflab: `make up` runs the lab, `make check` the fast tests, `make test` every test. The work is in scripts/.
.PHONY: up down check test bench deps agent ui steps api-types status clean

up:            ## install what is missing, start PostgreSQL, the backend on :8000 and two local agents
	@scripts/up.sh
down:          ## stop what `make up` started (data is kept in .perflab/)
	@scripts/down.sh
check:         ## the fast tier: lint, import circles, UI types, backend tests without agents, ports or processes
	@scripts/check.sh
test:          ## agent, compose, backend, frontend and e2e suites
	@scripts/test.sh
bench:         ## print every benchmark figure as `<name>: <number> <unit>`
	@scripts/bench.sh
deps:          ## install and build without starting anything
	@scripts/deps.sh test
steps:         ## regenerate every step table (C header, Python, TypeScript, docs) from agents/steps.toml
	@python3 scripts/gen_steps.py
api-types:     ## regenerate the UI's API types from the backend's OpenAPI document
	@scripts/gen_api_types.sh
agent:
	@$(MAKE) -s -C agents
ui:
	@cd frontend && npm run build
status:        ## what the running lab says about itself
	@curl -fsS http://localhost:$${PERFLAB_PORT:-8000}/api/health && echo && curl -fsS -H "Authorization: Bearer $$(cat $${PERFLAB_STATE:-.perflab}/admin.token)" http://localhost:$${PERFLAB_PORT:-8000}/api/agents && echo
clean:         ## remove build outputs (not the data in .perflab/)
	@$(MAKE) -s -C agents clean; rm -rf frontend/dist
