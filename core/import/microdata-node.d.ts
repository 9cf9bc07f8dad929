/** microdata-node ships no types; this is the one function the import uses. */
declare module "microdata-node" {
  const microdata: {
    toJson(html: string, config?: { base?: string }): unknown;
  };
  export default microdata;
}
