// The longest path parameter the router takes (Fastify's `maxParamLength`): no valid id comes near it, so a
// longer one is refused (414 `uri_too_long`) before any route is looked up.
export const maxParamLength = 100;
