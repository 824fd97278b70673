#!/usr/bin/env python3
"""make manifests: every kustomization under docker/k8s rendered with
`kubectl kustomize`, each object validated strictly against the schemas of
two Kubernetes versions (kubernetes-validate), and the rendering checked for
what a rollout needs: no replica count beside an autoscaler, a drain that
outlasts readiness detection, a grace period that outlasts the drain, ports
that the Service, the ServiceMonitor and the NetworkPolicy agree on.

The ServiceMonitor (Prometheus Operator's kind, which kubernetes-validate
does not know) is validated against tests/k8s/servicemonitor.schema.json,
ours; any other kind without a schema fails.

    tests/k8s/manifests.py               # every kustomization
    tests/k8s/manifests.py --self-test   # each check must fire on a broken copy
"""
import json
import pathlib
import subprocess
import sys

import jsonschema
import kubernetes_validate
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
K8S = ROOT / "docker" / "k8s"
# The oldest minor still in the big clouds' support and a recent one.
KUBE_VERSIONS = ("1.30.0", "1.33.0")
OWN_SCHEMAS = {
    ("monitoring.coreos.com/v1", "ServiceMonitor"): ROOT / "tests/k8s/servicemonitor.schema.json",
}


def render(folder):
    out = subprocess.run(["kubectl", "kustomize", str(folder)], check=True,
                         capture_output=True, text=True).stdout
    return [d for d in yaml.safe_load_all(out) if d]


def validate(doc):
    """Problems of one object against its schema, for every version."""
    name = f"{doc.get('kind')}/{doc.get('metadata', {}).get('name')}"
    own = OWN_SCHEMAS.get((doc.get("apiVersion"), doc.get("kind")))
    if own:
        schema = json.loads(own.read_text())
        return [f"{name}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(doc)]
    problems = []
    for version in KUBE_VERSIONS:
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except kubernetes_validate.SchemaNotFoundError:
            problems.append(f"{name}: no schema for this kind in Kubernetes {version}")
        except kubernetes_validate.ValidationError as e:
            problems.append(f"{name} (Kubernetes {version}): {e.message}")
    return problems


def of_kind(docs, kind):
    return [d for d in docs if d["kind"] == kind]


def container(deploy):
    return deploy["spec"]["template"]["spec"]["containers"][0]


def env(c):
    return {e["name"]: e for e in c.get("env", [])}


def env_value(c, name, default=None):
    e = env(c).get(name)
    return e.get("value", default) if e else default


def check_replicas(docs):
    scaled = {h["spec"]["scaleTargetRef"]["name"] for h in of_kind(docs, "HorizontalPodAutoscaler")}
    return [f"Deployment/{d['metadata']['name']}: `replicas` beside an HPA resets its count on every apply"
            for d in of_kind(docs, "Deployment")
            if d["metadata"]["name"] in scaled and "replicas" in d["spec"]]


def drain_secs(c):
    """How long the pod keeps serving after SIGTERM: the linger, or a preStop sleep."""
    linger = int(env_value(c, "SHOWDOWN_DRAIN_LINGER_MS", "500")) / 1000
    sleep = c.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds", 0)
    return linger + sleep


def check_drain(docs):
    problems = []
    for d in of_kind(docs, "Deployment"):
        c = container(d)
        probe = c.get("readinessProbe", {})
        detect = probe.get("periodSeconds", 10) * probe.get("failureThreshold", 3)
        drain = drain_secs(c)
        grace = int(env_value(c, "SHOWDOWN_SHUTDOWN_GRACE_SECS", "30"))
        kill = d["spec"]["template"]["spec"].get("terminationGracePeriodSeconds", 30)
        if drain < detect:
            problems.append(f"Deployment/{d['metadata']['name']}: the drain ({drain:g} s) ends before "
                            f"readiness can see it (periodSeconds x failureThreshold = {detect} s)")
        if kill < drain + grace:
            problems.append(f"Deployment/{d['metadata']['name']}: terminationGracePeriodSeconds {kill} "
                            f"is under the drain ({drain:g} s) plus the service's grace ({grace} s)")
    return problems


def container_ports(docs):
    return {p["name"]: p["containerPort"] for d in of_kind(docs, "Deployment")
            for p in container(d).get("ports", [])}


def admitted(docs, port):
    return any(any(p.get("port") == port for p in rule.get("ports", [{"port": port}]))
               for n in of_kind(docs, "NetworkPolicy") for rule in n["spec"].get("ingress", []))


def check_ports(docs):
    ports, problems = container_ports(docs), []
    services = {s["metadata"]["name"]: {p["name"]: p for p in s["spec"]["ports"]} for s in of_kind(docs, "Service")}
    for name, sp in services.items():
        for p in sp.values():
            if isinstance(p["targetPort"], str) and p["targetPort"] not in ports:
                problems.append(f"Service/{name}: targetPort {p['targetPort']} is no container port")
    for m in of_kind(docs, "ServiceMonitor"):
        for ep in m["spec"]["endpoints"]:
            sp = next((s[ep["port"]] for s in services.values() if ep["port"] in s), None)
            number = ports.get(sp["targetPort"]) if sp else None
            if number is None:
                problems.append(f"ServiceMonitor/{m['metadata']['name']}: port {ep['port']} is on no Service and container")
            elif not admitted(docs, number):
                problems.append(f"ServiceMonitor/{m['metadata']['name']}: the NetworkPolicy does not admit port {number}")
    for name, number in ports.items():
        if not admitted(docs, number):
            problems.append(f"container port {name} ({number}) is not admitted by the NetworkPolicy")
    return problems


def check_egress(docs):
    """With an OTLP endpoint, the NetworkPolicy lets the pod reach its port and DNS."""
    problems = []
    for d in of_kind(docs, "Deployment"):
        endpoint = env_value(container(d), "OTEL_EXPORTER_OTLP_ENDPOINT")
        if not endpoint:
            continue
        port = int(endpoint.rsplit(":", 1)[1].split("/")[0]) if endpoint.count(":") == 2 else 80
        out = [p.get("port") for n in of_kind(docs, "NetworkPolicy") for r in n["spec"].get("egress", [])
               for p in r.get("ports", [])]
        for need, why in ((port, "the OTLP collector"), (53, "DNS")):
            if need not in out:
                problems.append(f"NetworkPolicy: no egress to port {need} ({why})")
    return problems


def check_production(docs):
    """The production overlay: a pinned image, tokens from a Secret, metrics on the admin port."""
    problems = []
    for d in of_kind(docs, "Deployment"):
        c = container(d)
        image = c["image"]
        if "@sha256:" not in image and (":" not in image.rsplit("/", 1)[-1] or image.endswith(":latest")):
            problems.append(f"image {image} is pinned by neither a version tag nor a digest")
        tokens = env(c).get("SHOWDOWN_AUTH_TOKENS", {}).get("valueFrom", {}).get("secretKeyRef")
        if not tokens and not env(c).get("SHOWDOWN_AUTH_TOKENS_FILE"):
            problems.append("the access tokens come from no Secret")
        if not env_value(c, "SHOWDOWN_ADMIN_ADDR"):
            problems.append("/metrics is not on an admin address")
        if not of_kind(docs, "ServiceMonitor"):
            problems.append("no ServiceMonitor scrapes the metrics")
    return problems


CHECKS = (check_replicas, check_drain, check_ports, check_egress)


def check(folder, docs):
    problems = [p for d in docs for p in validate(d)]
    problems += [p for c in CHECKS for p in c(docs)]
    if folder.parent.name == "overlays" and folder.name == "production":
        problems += check_production(docs)
    return problems


def kustomizations():
    return sorted(p.parent for p in K8S.rglob("kustomization.yaml"))


def main():
    failed = False
    for folder in kustomizations():
        docs = render(folder)
        problems = check(folder, docs)
        kinds = ", ".join(sorted(d["kind"] for d in docs))
        rel = folder.relative_to(ROOT)
        print(f"{rel}: {len(docs)} objects ({kinds}), Kubernetes {' and '.join(KUBE_VERSIONS)}: "
              f"{'ok' if not problems else 'FAILED'}")
        for p in problems:
            print(f"  {p}")
        failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        from manifests_selftest import self_test
        sys.exit(self_test(K8S / "overlays" / "production", render, check))
    sys.exit(main())
