// Command compose_check validates docker-compose.yml without a Docker engine: it loads the
// file with the compose-spec reference loader (interpolation, schema, consistency checks such
// as depends_on on an undefined service) and then checks the perflab stack's own expectations.
//
//	cd scripts/compose_check && go run .               # checks ../../docker-compose.yml
//	go -C scripts/compose_check run . ../../docker-compose.yml
//	go run ./scripts/compose_check docker-compose.yml  # from the root, once a go.work uses this module
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

// requiredServices are the services the perflab stack is made of.
var requiredServices = []string{"postgres", "migrate", "backend", "worker", "agent-server", "agent-client"}

// dependency is one expected depends_on edge with its start condition.
type dependency struct{ service, on, condition string }

var requiredDependencies = []dependency{
	{"migrate", "postgres", types.ServiceConditionHealthy},
	{"backend", "migrate", types.ServiceConditionCompletedSuccessfully},
	{"worker", "migrate", types.ServiceConditionCompletedSuccessfully},
	{"agent-server", "backend", types.ServiceConditionHealthy},
	{"agent-client", "backend", types.ServiceConditionHealthy},
}

// load parses and validates a compose file the way `docker compose config` does, with the given profiles on.
func load(ctx context.Context, path string, profiles ...string) (*types.Project, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	opts, err := cli.NewProjectOptions([]string{abs},
		cli.WithWorkingDirectory(filepath.Dir(abs)),
		cli.WithOsEnv,
		cli.WithDotEnv,
		cli.WithConsistency(true),
		cli.WithProfiles(profiles),
	)
	if err != nil {
		return nil, err
	}
	return opts.LoadProject(ctx)
}

// check verifies perflab's expectations on a loaded project; it reports every problem found.
func check(p *types.Project) error {
	var errs []error
	for _, name := range requiredServices {
		if _, ok := p.Services[name]; !ok {
			errs = append(errs, fmt.Errorf("missing service %q", name))
		}
	}
	for _, name := range []string{"postgres", "backend"} {
		if s, ok := p.Services[name]; ok && (s.HealthCheck == nil || s.HealthCheck.Disable || len(s.HealthCheck.Test) == 0) {
			errs = append(errs, fmt.Errorf("service %q has no healthcheck", name))
		}
	}
	for _, d := range requiredDependencies {
		s, ok := p.Services[d.service]
		if !ok {
			continue // already reported
		}
		dep, ok := s.DependsOn[d.on]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("service %q must depend on %q", d.service, d.on))
		case dep.Condition != d.condition:
			errs = append(errs, fmt.Errorf("service %q depends on %q with condition %q, want %q",
				d.service, d.on, dep.Condition, d.condition))
		}
	}
	for _, name := range []string{"agent-server", "agent-client"} {
		// every local user can read a process's command line (ps, /proc/*/cmdline): the token goes in the environment
		if s, ok := p.Services[name]; ok && slices.Contains(s.Command, "--token") {
			errs = append(errs, fmt.Errorf("service %q passes --token on its command line; use PERFLAB_ENROLLMENT_TOKEN in its environment", name))
		}
	}
	if s, ok := p.Services["backend"]; ok && !slices.ContainsFunc(s.Ports, func(pc types.ServicePortConfig) bool {
		return pc.Published == "8000" && pc.Target == 8000
	}) {
		errs = append(errs, errors.New(`service "backend" must publish port 8000:8000`))
	}
	return errors.Join(errs...)
}

// defaultPath is the compose file checked when none is named: the one in the current
// directory (repository root), else the repository's when run from scripts/compose_check.
func defaultPath() string {
	if _, err := os.Stat("docker-compose.yml"); err == nil {
		return "docker-compose.yml"
	}
	return filepath.Join("..", "..", "docker-compose.yml")
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var path string
	switch len(args) {
	case 0:
		path = defaultPath()
	case 1:
		path = args[0]
	default:
		fmt.Fprintln(stderr, "usage: compose_check [docker-compose.yml]")
		return 2
	}
	p, err := load(ctx, path)
	if err != nil {
		fmt.Fprintf(stderr, "compose check failed: %s does not load: %v\n", path, err)
		return 1
	}
	if err := check(p); err != nil {
		fmt.Fprintf(stderr, "compose check failed: %s:\n%v\n", path, err)
		return 1
	}
	if !declaresScale(p) {
		fmt.Fprintf(stdout, "compose ok: %d services\n", len(p.Services))
		return 0
	}
	scaled, err := load(ctx, path, scaleProfile)
	if err != nil {
		fmt.Fprintf(stderr, "compose check failed: %s does not load with profile %s: %v\n", path, scaleProfile, err)
		return 1
	}
	if err := errors.Join(check(scaled), checkScale(scaled)); err != nil {
		fmt.Fprintf(stderr, "compose check failed: %s, profile %s:\n%v\n", path, scaleProfile, err)
		return 1
	}
	fmt.Fprintf(stdout, "compose ok: %d services; profile %s: %d services\n", len(p.Services), scaleProfile, len(scaled.Services))
	return 0
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}
