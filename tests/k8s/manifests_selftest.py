"""The checks of manifests.py, each on a copy of the production rendering
broken one way: each must say what is wrong, and the unbroken copy nothing."""
import copy


def deployment(docs):
    return next(d for d in docs if d["kind"] == "Deployment")


def env_list(docs):
    return deployment(docs)["spec"]["template"]["spec"]["containers"][0]["env"]


def set_env(docs, name, value):
    for e in env_list(docs):
        if e["name"] == name:
            e.clear()
            e.update(name=name, value=value)


def drop(docs, kind):
    docs[:] = [d for d in docs if d["kind"] != kind]


BREAKS = {
    "replicas beside the HPA": (lambda docs: deployment(docs)["spec"].update(replicas=2),
                                "resets its count"),
    "a 5 s linger": (lambda docs: set_env(docs, "SHOWDOWN_DRAIN_LINGER_MS", "5000"),
                     "before readiness can see it"),
    "a 30 s grace period": (lambda docs: deployment(docs)["spec"]["template"]["spec"].update(
        terminationGracePeriodSeconds=30), "terminationGracePeriodSeconds 30"),
    "the latest image": (lambda docs: deployment(docs)["spec"]["template"]["spec"]["containers"][0].update(
        image="showdown:latest"), "pinned by neither"),
    "tokens in the manifest": (lambda docs: set_env(docs, "SHOWDOWN_AUTH_TOKENS", "secret"),
                               "from no Secret"),
    "no admin address": (lambda docs: env_list(docs).remove(
        next(e for e in env_list(docs) if e["name"] == "SHOWDOWN_ADMIN_ADDR")), "admin address"),
    "no NetworkPolicy": (lambda docs: drop(docs, "NetworkPolicy"), "not admitted"),
    "no ServiceMonitor": (lambda docs: drop(docs, "ServiceMonitor"), "no ServiceMonitor"),
    "a misspelt ServiceMonitor field": (lambda docs: next(d for d in docs if d["kind"] == "ServiceMonitor")[
        "spec"]["endpoints"][0].update(intervall="30s"), "'intervall' was unexpected"),
    "a misspelt Deployment field": (lambda docs: deployment(docs)["spec"].update(replica=2),
                                    "'replica' was unexpected"),
    "an unknown kind": (lambda docs: docs.append({"apiVersion": "example.com/v1", "kind": "Widget",
                                                  "metadata": {"name": "w"}}), "no schema for this kind"),
    "a collector port not admitted": (lambda docs: set_env(docs, "OTEL_EXPORTER_OTLP_ENDPOINT",
                                                          "http://collector:4999"), "egress to port 4999"),
}


def self_test(folder, render, check):
    docs = render(folder)
    failures = []
    clean = check(folder, docs)
    if clean:
        failures.append(f"the production rendering itself: {clean}")
    for name, (breaker, expected) in BREAKS.items():
        broken = copy.deepcopy(docs)
        breaker(broken)
        problems = check(folder, broken)
        if not any(expected in p for p in problems):
            failures.append(f"{name}: expected a problem with {expected!r}, got {problems}")
    for f in failures:
        print(f"self-test FAILED: {f}")
    print(f"manifests self-test: {len(BREAKS) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0
