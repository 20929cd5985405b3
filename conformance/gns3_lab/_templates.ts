// The node templates the simulated controller offers (private): GET /v3/templates serves them,
// POST /v3/projects/{p}/templates/{id} makes a node of one; the lab rules judge a create call
// by whether its template id is one of these.

/** One template, as GET /v3/templates serves it. */
export interface LabTemplate {
  template_id: string;
  name: string;
  template_type: string;
  category: string;
  builtin: boolean;
}

/** The lab's templates: a router, a VPCS and a switch (which template tools leave out). */
export const LAB_TEMPLATES: readonly LabTemplate[] = [
  { template_id: "c7200-0000-4000-8000-000000000001", name: "c7200", template_type: "dynamips" },
  { template_id: "vpcs-0000-4000-8000-000000000002", name: "VPCS", template_type: "vpcs" },
  {
    template_id: "eswi-0000-4000-8000-000000000003",
    name: "Ethernet switch",
    template_type: "ethernet_switch",
  },
].map((t) => ({ ...t, category: t.template_type === "vpcs" ? "guest" : "router", builtin: true }));
