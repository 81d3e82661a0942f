"""Lab networks: link profiles, namespaces joined by shaped veth links, qdisc detection."""
