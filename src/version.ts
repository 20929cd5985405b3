import denoJson from "../deno.json" with { type: "json" };

/** The kit's name and version, as written into every report. */
export const KIT: { name: string; version: string } = {
  name: "netconform",
  version: denoJson.version,
};
