package main

// The scale profile (docs/scale.md, "When a team outgrows one machine"): a streaming replica of PostgreSQL, two
// backend replicas reading their pages from it behind a reverse proxy, and a second analysis worker.

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
)

const scaleProfile = "scale"

var (
	scaleServices = []string{"postgres-replica", "backend-a", "backend-b", "proxy", "worker-b"}
	scaleBackends = []string{"backend-a", "backend-b"}
	templateVar   = regexp.MustCompile(`\$\{(PERFLAB_[A-Z_]+)\}`)
)

// declaresScale tells whether any service of the file belongs to the scale profile.
func declaresScale(p *types.Project) bool {
	for _, s := range p.DisabledServices {
		if slices.Contains(s.Profiles, scaleProfile) {
			return true
		}
	}
	for _, s := range p.Services {
		if slices.Contains(s.Profiles, scaleProfile) {
			return true
		}
	}
	return false
}

// checkScale verifies the topology of a project loaded with the scale profile enabled.
func checkScale(p *types.Project) error {
	var errs []error
	fail := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	for _, name := range scaleServices {
		s, ok := p.Services[name]
		if !ok {
			fail("profile scale: missing service %q", name)
		} else if !slices.Contains(s.Profiles, scaleProfile) {
			fail("service %q must be in profile %q only (a single machine does not start it)", name, scaleProfile)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}

	replica := p.Services["postgres-replica"]
	requireDependency(replica, "postgres", types.ServiceConditionHealthy, fail)
	requireHealthcheck(replica, fail)
	if script := mountedFile(replica, "/scale/replica-entrypoint.sh"); !strings.Contains(script, "pg_basebackup") ||
		!strings.Contains(script, " -R ") {
		fail(`service "postgres-replica" must start from pg_basebackup -R of the primary (its entrypoint script)`)
	}
	for _, v := range replica.Volumes {
		if v.Type == types.VolumeTypeVolume && v.Source == "pgdata" {
			fail(`service "postgres-replica" must not share the primary's volume "pgdata"`)
		}
	}
	if script := mountedFile(p.Services["postgres"], "/docker-entrypoint-initdb.d/primary-replication.sh"); !strings.Contains(script, "REPLICATION") {
		fail(`service "postgres" must make the replication role (deploy/scale/primary-replication.sh in docker-entrypoint-initdb.d)`)
	}

	for _, name := range scaleBackends {
		s := p.Services[name]
		if host := envHost(s, "DATABASE_URL"); host != "postgres" {
			fail("service %q DATABASE_URL must name the primary \"postgres\" (got host %q)", name, host)
		}
		if host := envHost(s, "DATABASE_READ_URL"); host != "postgres-replica" {
			fail("service %q DATABASE_READ_URL must name the streaming replica \"postgres-replica\" (got host %q)", name, host)
		}
		if v := s.Environment["PERFLAB_ANALYSIS_WORKER"]; v == nil || *v != "0" {
			fail("service %q must leave the analyses to the workers (PERFLAB_ANALYSIS_WORKER=0)", name)
		}
		if len(s.Ports) > 0 {
			fail("service %q publishes ports: the proxy is the scale profile's only door", name)
		}
		requireHealthcheck(s, fail)
		requireDependency(s, "migrate", types.ServiceConditionCompletedSuccessfully, fail)
		requireDependency(s, "postgres-replica", types.ServiceConditionHealthy, fail)
	}

	proxy := p.Services["proxy"]
	for _, name := range scaleBackends {
		requireDependency(proxy, name, types.ServiceConditionHealthy, fail)
	}
	conf := mountedFile(proxy, "/etc/nginx/templates/default.conf.template")
	conf = templateVar.ReplaceAllStringFunc(conf, func(m string) string {
		if v := proxy.Environment[templateVar.FindStringSubmatch(m)[1]]; v != nil {
			return *v
		}
		return m
	})
	if !strings.Contains(conf, "upstream perflab_backends") || !strings.Contains(conf, "proxy_pass http://perflab_backends;") {
		fail(`service "proxy" must pass requests to an upstream perflab_backends (its nginx template)`)
	}
	for _, name := range scaleBackends {
		if !strings.Contains(conf, "server "+name+":8000") {
			fail(`service "proxy" must balance over %s:8000 (its nginx template's upstream)`, name)
		}
	}
	listens := regexp.MustCompile(`listen (\d+);`).FindStringSubmatch(conf)
	if listens == nil || !slices.ContainsFunc(proxy.Ports, func(pc types.ServicePortConfig) bool {
		return fmt.Sprint(pc.Target) == listens[1] && pc.Published != ""
	}) {
		fail(`service "proxy" must publish the port its nginx listens on`)
	}

	workers := 0
	for _, s := range p.Services {
		if strings.Join(s.Command, " ") == "python -m perflab worker" {
			workers++
		}
	}
	if workers < 2 {
		fail("profile scale: %d analysis workers, want at least 2", workers)
	}
	return errors.Join(errs...)
}

func requireDependency(s types.ServiceConfig, on, condition string, fail func(string, ...any)) {
	dep, ok := s.DependsOn[on]
	if !ok || dep.Condition != condition {
		fail("service %q must depend on %q with condition %q", s.Name, on, condition)
	}
}

func requireHealthcheck(s types.ServiceConfig, fail func(string, ...any)) {
	if s.HealthCheck == nil || s.HealthCheck.Disable || len(s.HealthCheck.Test) == 0 {
		fail("service %q has no healthcheck", s.Name)
	}
}

// mountedFile is the text of the file bind-mounted at target in the service ("" if none or unreadable).
func mountedFile(s types.ServiceConfig, target string) string {
	for _, v := range s.Volumes {
		if v.Type == types.VolumeTypeBind && v.Target == target {
			b, err := os.ReadFile(v.Source)
			if err == nil {
				return string(b)
			}
		}
	}
	return ""
}

// envHost is the host of the database URL in the service's environment variable name ("" if unset or no URL).
func envHost(s types.ServiceConfig, name string) string {
	v := s.Environment[name]
	if v == nil {
		return ""
	}
	u, err := url.Parse(*v)
	if err != nil {
		return ""
	}
	return u.Hostname()
}
