/** The lookups, one file per family in `provider/lookups/`; this path is kept for the imports that name it. */
export * from "../lookups/index";
