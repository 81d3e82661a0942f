package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
)

// writeCompose writes content as docker-compose.yml in a fresh temp dir and returns its path.
func writeCompose(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "docker-compose.yml")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runCheck runs the command as `compose_check path` and returns exit code, stdout, stderr.
func runCheck(t *testing.T, path string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{path}, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestRepositoryComposeFile(t *testing.T) {
	t.Setenv("PERFLAB_ENROLLMENT_TOKEN", "from-the-environment")
	code, out, errOut := runCheck(t, "../../docker-compose.yml")
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	if got, want := out, "compose ok: 6 services; profile scale: 11 services\n"; got != want {
		t.Fatalf("stdout = %q, want %q", got, want)
	}
}

func TestRepositoryComposeFileDetails(t *testing.T) {
	t.Setenv("PERFLAB_ENROLLMENT_TOKEN", "from-the-environment")
	p, err := load(context.Background(), "../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	backend := p.Services["backend"]
	if got := backend.Environment["PERFLAB_ENROLLMENT_TOKEN"]; got == nil || *got != "from-the-environment" {
		t.Errorf("backend PERFLAB_ENROLLMENT_TOKEN = %v, want the value from the environment", got)
	}
	if backend.Build == nil || backend.Build.Dockerfile != "backend/Dockerfile" {
		t.Errorf("backend build = %+v, want dockerfile backend/Dockerfile", backend.Build)
	}
	// the analyses run in the worker's process, not the API's
	if got := backend.Environment["PERFLAB_ANALYSIS_WORKER"]; got == nil || *got != "0" {
		t.Errorf("backend PERFLAB_ANALYSIS_WORKER = %v, want 0 (the worker service computes the analyses)", got)
	}
	t.Setenv("PERFLAB_ADMIN_PASSWORD", "first-admin-password")
	p, err = load(context.Background(), "../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	migrate := p.Services["migrate"]
	if got := migrate.Environment["PERFLAB_ADMIN_PASSWORD"]; got == nil || *got != "first-admin-password" {
		t.Errorf("migrate PERFLAB_ADMIN_PASSWORD = %v, want the first admin's password from the environment", got)
	}
	if cmd := strings.Join(migrate.Command, " "); !strings.Contains(cmd, "perflab migrate && python -m perflab users bootstrap") {
		t.Errorf("migrate command = %q, want migrations then the first admin", cmd)
	}
	if cmd := strings.Join(p.Services["worker"].Command, " "); cmd != "python -m perflab worker" {
		t.Errorf("worker command = %q, want python -m perflab worker", cmd)
	}
	for name, want := range map[string]string{"agent-server": "compose-server", "agent-client": "compose-client"} {
		cmd := strings.Join(p.Services[name].Command, " ")
		// plain http off loopback is refused by the agent unless asked for: the compose network is the lab's own
		// a revoked agent exits 0 and on-failure leaves it stopped (unless-stopped restarted it to be refused forever)
		for _, part := range []string{"daemon", "--backend http://backend:8000 --allow-plain-http --revoked-exit 0",
			"--name " + want, "--advertise " + name} {
			if !strings.Contains(cmd, part) {
				t.Errorf("%s command %q lacks %q", name, cmd, part)
			}
		}
		if got := p.Services[name].Restart; got != "on-failure" {
			t.Errorf("%s restart = %q, want on-failure (a revoked agent's clean exit is not restarted)", name, got)
		}
		if got := p.Services[name].Environment["PERFLAB_ENROLLMENT_TOKEN"]; got == nil || *got != "from-the-environment" {
			t.Errorf("%s PERFLAB_ENROLLMENT_TOKEN = %v, want the value from the environment", name, got)
		}
	}
}

// No enrolment token known to every reader of the file: without one the stack does not load, and says why.
func TestEnrolmentTokenIsRequired(t *testing.T) {
	t.Setenv("PERFLAB_ENROLLMENT_TOKEN", "")
	code, _, errOut := runCheck(t, "../../docker-compose.yml")
	if code == 0 || !strings.Contains(errOut, "set PERFLAB_ENROLLMENT_TOKEN") {
		t.Fatalf("exit %d, stderr %q: want a refusal naming PERFLAB_ENROLLMENT_TOKEN", code, errOut)
	}
}

const validStack = `
services:
  postgres:
    image: postgres:16
    healthcheck:
      test: ["CMD-SHELL", "pg_isready"]
  migrate:
    image: backend
    depends_on:
      postgres: {condition: service_healthy}
  backend:
    image: backend
    ports: ["8000:8000"]
    healthcheck:
      test: ["CMD", "true"]
    depends_on:
      migrate: {condition: service_completed_successfully}
  worker:
    image: backend
    depends_on:
      migrate: {condition: service_completed_successfully}
  agent-server:
    image: agent
    depends_on:
      backend: {condition: service_healthy}
  agent-client:
    image: agent
    depends_on:
      backend: {condition: service_healthy}
`

func TestMinimalValidStack(t *testing.T) {
	if code, out, errOut := runCheck(t, writeCompose(t, validStack)); code != 0 || out != "compose ok: 6 services\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestFailures(t *testing.T) {
	cases := []struct {
		name, compose, wantErr string
	}{
		{
			name: "dependency on an undefined service",
			compose: validStack + `
  extra:
    image: busybox
    depends_on: [ghost]
`,
			wantErr: `depends on undefined service "ghost"`,
		},
		{
			name:    "missing service",
			compose: strings.Replace(validStack, "  agent-client:\n", "  agent-other:\n", 1),
			wantErr: `missing service "agent-client"`,
		},
		{
			name:    "wrong dependency condition",
			compose: strings.Replace(validStack, "{condition: service_completed_successfully}", "{condition: service_started}", 1),
			wantErr: `service "backend" depends on "migrate" with condition "service_started", want "service_completed_successfully"`,
		},
		{
			name:    "postgres without healthcheck",
			compose: strings.Replace(validStack, "    healthcheck:\n      test: [\"CMD-SHELL\", \"pg_isready\"]\n", "", 1),
			wantErr: `service "postgres" has no healthcheck`,
		},
		{
			name:    "backend port not published",
			compose: strings.Replace(validStack, `ports: ["8000:8000"]`, `ports: ["8080:8000"]`, 1),
			wantErr: `must publish port 8000:8000`,
		},
		{
			name: "enrolment token on an agent's command line",
			compose: strings.Replace(validStack, "  agent-client:\n    image: agent\n",
				"  agent-client:\n    image: agent\n    command: [daemon, --token, secret]\n", 1),
			wantErr: `service "agent-client" passes --token on its command line`,
		},
		{
			name:    "not yaml",
			compose: "services: [\n",
			wantErr: "does not load",
		},
		{
			name:    "file does not exist",
			wantErr: "does not load",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "missing.yml")
			if tc.compose != "" {
				path = writeCompose(t, tc.compose)
			}
			code, out, errOut := runCheck(t, path)
			if code == 0 {
				t.Fatalf("exit 0 (stdout %q), want failure", out)
			}
			if !strings.Contains(errOut, tc.wantErr) {
				t.Fatalf("stderr %q does not contain %q", errOut, tc.wantErr)
			}
		})
	}
}

func TestDefaultPathFromModuleDir(t *testing.T) {
	t.Setenv("PERFLAB_ENROLLMENT_TOKEN", "from-the-environment")
	var out, errOut bytes.Buffer
	if code := run(context.Background(), nil, &out, &errOut); code != 0 || out.String() != "compose ok: 6 services; profile scale: 11 services\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// The build context is the repository root: .dockerignore must keep every input the
// Dockerfiles COPY and drop local state and build outputs.
func TestDockerignore(t *testing.T) {
	f, err := os.Open("../../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	patterns, err := ignorefile.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	kept := []string{
		"frontend/package.json", "frontend/package-lock.json", "frontend/src/main.tsx", "frontend/index.html",
		"backend/pyproject.toml", "backend/perflab/__init__.py", "backend/perflab/api/app.py",
		"migrations/alembic.ini", "migrations/env.py", "migrations/versions/0001_initial.py",
		"agents/Makefile", "agents/src/main.c", "agents/include/agent.h",
	}
	dropped := []string{
		".git/config", ".venv/bin/python", "frontend/node_modules/vite/package.json", "e2e/node_modules/x/index.js",
		".perflab/pg/PG_VERSION", "backend/.perflab/x", "frontend/dist/index.html", "agents/build/perflab-agent",
		"agents/build/obj/main.o", "backend/perflab/__pycache__/x.cpython-311.pyc", "backend/perflab.egg-info/PKG-INFO",
		"e2e/test-results/run/trace.zip", "e2e/playwright-report/index.html", ".env",
	}
	for _, p := range kept {
		if ex, err := pm.MatchesOrParentMatches(p); err != nil || ex {
			t.Errorf("%s is excluded from the build context (err %v)", p, err)
		}
	}
	for _, p := range dropped {
		if ex, err := pm.MatchesOrParentMatches(p); err != nil || !ex {
			t.Errorf("%s is not excluded from the build context (err %v)", p, err)
		}
	}
}
