// Entry point `./mcp`: an MCP (Model Context Protocol) server made from the bundles, for
// agents that search and book through the contract. Needs the optional peer dependency
// `@modelcontextprotocol/sdk`. The command `air-travel-api-contract mcp` serves it over
// stdio or Streamable HTTP; docs/mcp.md says how to use it and its safety rules.
export { createMcpServer, type McpServerOptions } from './mcp/server.ts';
export { DEFAULT_MCP_PORT, type McpHttpOptions, type RunningMcpHttp, serveHttp as serveMcpHttp } from './mcp/http.ts';
