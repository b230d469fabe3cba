// The go-plugin handshake line: the first line a plugin writes to stdout.
//
//   CORE | APP | NETWORK | ADDRESS | PROTOCOL | SERVER_CERT [| MUX]
//   1|1|unix|/run/tsp-x/plugin123|grpc|MIIB...   (certificate: unpadded standard base64)
//
// Six fields; the sixth is empty without AutoMTLS, so such a line ends with "|". A seventh
// field "true" means the broker multiplexes over yamux, which this client does not speak.

/** go-plugin's core protocol version; anything else needs a rebuilt plugin. */
export const CORE_PROTOCOL_VERSION = 1

export class HandshakeError extends Error {
  constructor(message) {
    super(message)
    this.name = 'HandshakeError'
  }
}

/**
 * Parse and check one handshake line.
 * @param {string} line - the first stdout line, with or without its newline.
 * @param {{appVersion: number}} expect - the app protocol version this host speaks.
 * @returns {{core: number, app: number, network: 'unix'|'tcp', address: string, protocol: 'grpc', serverCert: string}}
 * @throws {HandshakeError} with a message a person can act on.
 */
export function parseHandshake(line, expect) {
  const text = String(line).trim()
  const fields = text.split('|')
  if (fields.length < 6) {
    throw new HandshakeError(`unrecognised plugin handshake (expected 6 "|"-separated fields, got ${fields.length}): ${JSON.stringify(text.slice(0, 200))}. ` +
      'The binary may not be a Task Surface plugin, or something printed to stdout before the handshake.')
  }
  if (fields.length > 7) {
    throw new HandshakeError(`unrecognised plugin handshake (${fields.length} fields): ${JSON.stringify(text.slice(0, 200))}`)
  }
  const [coreText, appText, network, address, protocol, serverCert, mux] = fields
  const core = strictInt(coreText)
  if (core !== CORE_PROTOCOL_VERSION) {
    throw new HandshakeError(`plugin speaks go-plugin core protocol ${coreText}, this host speaks ${CORE_PROTOCOL_VERSION}; rebuild the plugin with a matching go-plugin`)
  }
  const app = strictInt(appText)
  if (app === undefined) throw new HandshakeError(`plugin handshake has a bad protocol version ${JSON.stringify(appText)}`)
  if (app !== expect.appVersion) {
    throw new HandshakeError(`plugin speaks Task Surface protocol version ${app}, this host speaks ${expect.appVersion}; install matching versions of the bundle and its plugin binary`)
  }
  if (network !== 'unix' && network !== 'tcp') {
    throw new HandshakeError(`plugin handshake names an unknown network ${JSON.stringify(network)}`)
  }
  if (address === '') throw new HandshakeError('plugin handshake has an empty address')
  if (protocol !== 'grpc') {
    throw new HandshakeError(`plugin offers protocol ${JSON.stringify(protocol || 'netrpc')}, this host speaks only grpc`)
  }
  if (mux !== undefined && mux !== '') {
    throw new HandshakeError('plugin multiplexes its broker (PLUGIN_MULTIPLEX_GRPC), which this host does not support')
  }
  return { core, app, network, address, protocol, serverCert }
}

function strictInt(text) {
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined
}

/**
 * The gRPC target for a handshake address.
 * @param {{network: string, address: string}} handshake
 * @returns {string}
 */
export function grpcTarget({ network, address }) {
  return network === 'unix' ? `unix://${address}` : address
}
