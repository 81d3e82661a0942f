package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scaleCopy writes the repository's compose file and its deploy/scale files into a temp dir, each changed by
// its edit (nil: as is), and returns the compose file's path.
func scaleCopy(t *testing.T, editCompose, editScaleFile func(name, text string) string) string {
	t.Helper()
	dir := t.TempDir()
	write := func(rel string, text string) {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	compose := read("docker-compose.yml")
	if editCompose != nil {
		compose = editCompose("docker-compose.yml", compose)
	}
	write("docker-compose.yml", compose)
	entries, err := os.ReadDir("../../deploy/scale")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		text := read(filepath.Join("deploy", "scale", e.Name()))
		if editScaleFile != nil {
			text = editScaleFile(e.Name(), text)
		}
		write(filepath.Join("deploy", "scale", e.Name()), text)
	}
	return filepath.Join(dir, "docker-compose.yml")
}

func TestRepositoryScaleProfileAsCopied(t *testing.T) {
	t.Setenv("PERFLAB_ENROLLMENT_TOKEN", "from-the-environment")
	if code, out, errOut := runCheck(t, scaleCopy(t, nil, nil)); code != 0 || !strings.Contains(out, "profile scale: 11 services") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
}

func replaceLast(text, old, new string) string {
	i := strings.LastIndex(text, old)
	if i < 0 {
		return text
	}
	return text[:i] + new + text[i+len(old):]
}

func TestScaleProfileFailures(t *testing.T) {
	t.Setenv("PERFLAB_ENROLLMENT_TOKEN", "from-the-environment")
	cases := []struct {
		name          string
		compose, file func(name, text string) string
		want          string
	}{
		{"page reads from the primary",
			func(_, text string) string {
				return strings.Replace(text, "@postgres-replica:5432/perflab", "@postgres:5432/perflab", 1)
			}, nil, `DATABASE_READ_URL must name the streaming replica "postgres-replica"`},
		{"the proxy forgets a backend", nil,
			func(name, text string) string {
				return strings.Replace(text, "    server ${PERFLAB_BACKEND_B} max_fails=2 fail_timeout=5s;\n", "", 1)
			}, "must balance over backend-b:8000"},
		{"a replica that is not a copy of the primary", nil,
			func(name, text string) string { return strings.Replace(text, " -R ", " ", 1) },
			"must start from pg_basebackup -R"},
		{"one analysis worker",
			func(_, text string) string {
				return replaceLast(text, `command: ["python", "-m", "perflab", "worker"]`, `command: ["python", "-m", "perflab", "serve"]`)
			}, nil, "1 analysis workers, want at least 2"},
		{"a scale service on a single machine",
			func(_, text string) string {
				return strings.Replace(text, "    image: postgres:16\n    profiles: [scale]\n", "    image: postgres:16\n", 1)
			}, nil, `service "postgres-replica" must be in profile "scale"`},
		{"a backend replica with its own door",
			func(_, text string) string {
				return strings.Replace(text, "  backend-b: *scaled-backend\n",
					"  backend-b:\n    <<: *scaled-backend\n    ports: [\"8001:8000\"]\n", 1)
			}, nil, `service "backend-b" publishes ports`},
		{"a primary without the replication role",
			func(_, text string) string {
				return strings.Replace(text, "      - ./deploy/scale/primary-replication.sh:/docker-entrypoint-initdb.d/primary-replication.sh:ro\n", "", 1)
			}, nil, `service "postgres" must make the replication role`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCheck(t, scaleCopy(t, c.compose, c.file))
			if code != 1 || !strings.Contains(errOut, c.want) {
				t.Fatalf("exit %d, stderr:\n%s\nwant exit 1 and %q", code, errOut, c.want)
			}
		})
	}
}
