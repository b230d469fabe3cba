import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parseHandshake, grpcTarget, HandshakeError } from '../../src/goplugin/handshake.js'

const CERT = 'MIIB' + 'A'.repeat(80) // unpadded base64, longer than 50 characters
const expect = { appVersion: 1 }

test('reads the six fields of an AutoMTLS handshake with an unpadded certificate', () => {
  const h = parseHandshake(`1|1|unix|/run/tsp-x/plugin123|grpc|${CERT}\n`, expect)
  assert.deepEqual(h, { core: 1, app: 1, network: 'unix', address: '/run/tsp-x/plugin123', protocol: 'grpc', serverCert: CERT })
  assert.equal(grpcTarget(h), 'unix:///run/tsp-x/plugin123')
})

test('accepts the trailing empty sixth field of a plain handshake', () => {
  const h = parseHandshake('1|1|unix|/run/p|grpc|', expect)
  assert.equal(h.serverCert, '')
})

test('accepts a tcp address as the gRPC target unchanged', () => {
  const h = parseHandshake('1|1|tcp|127.0.0.1:10001|grpc|', expect)
  assert.equal(grpcTarget(h), '127.0.0.1:10001')
})

test('accepts an explicit empty seventh field', () => {
  assert.equal(parseHandshake('1|1|unix|/run/p|grpc||', expect).address, '/run/p')
})

test('refuses a line that is not a handshake and says why', () => {
  assert.throws(() => parseHandshake('hello from init()', expect), (err) => {
    assert.ok(err instanceof HandshakeError)
    assert.match(err.message, /expected 6/)
    assert.match(err.message, /printed to stdout before the handshake/)
    return true
  })
})

test('refuses another core protocol version', () => {
  assert.throws(() => parseHandshake('2|1|unix|/run/p|grpc|', expect), /core protocol 2.*rebuild/)
})

test('refuses another app protocol version and tells what to install', () => {
  assert.throws(() => parseHandshake('1|2|unix|/run/p|grpc|', expect), /protocol version 2, this host speaks 1; install matching versions/)
})

test('refuses netrpc and an unknown network', () => {
  assert.throws(() => parseHandshake('1|1|unix|/run/p|netrpc|', expect), /only grpc/)
  assert.throws(() => parseHandshake('1|1|udp|/run/p|grpc|', expect), /unknown network "udp"/)
})

test('refuses a multiplexed broker', () => {
  assert.throws(() => parseHandshake('1|1|unix|/run/p|grpc||true', expect), /multiplexes/)
})

test('refuses an empty address and a non-numeric version', () => {
  assert.throws(() => parseHandshake('1|1|unix||grpc|', expect), /empty address/)
  assert.throws(() => parseHandshake('1|x|unix|/run/p|grpc|', expect), /bad protocol version/)
})
