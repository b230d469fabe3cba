import { test } from 'node:test'
import assert from 'node:assert/strict'
import { X509Certificate, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto'
import { makeClientCertificate, serialNumberBytes, serverCertificatePem } from '../../src/goplugin/certificate.js'

test('the client certificate follows go-plugin\'s AutoMTLS template', async () => {
  const { certPem, keyPem, certDer } = await makeClientCertificate()
  const cert = new X509Certificate(certPem)
  assert.equal(cert.subject, 'O=HashiCorp\nCN=localhost')
  assert.equal(cert.issuer, cert.subject)
  assert.equal(cert.subjectAltName, 'DNS:localhost')
  assert.equal(cert.ca, true)
  assert.deepEqual(cert.keyUsage.sort(), ['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2'])
  assert.equal(cert.publicKey.asymmetricKeyType, 'ec')
  assert.equal(cert.publicKey.asymmetricKeyDetails.namedCurve, 'secp521r1')
  assert.ok(cert.verify(cert.publicKey), 'self-signed signature verifies')
  assert.ok(cert.checkIssued(cert))
  const from = Date.parse(cert.validFrom)
  const to = Date.parse(cert.validTo)
  assert.ok(from <= Date.now() - 29_000 && from >= Date.now() - 120_000, 'valid from about 30 s ago')
  assert.ok(Math.abs((to - from) / 3600_000 - 262980) < 0.02, 'valid for 262980 hours')
  assert.ok(cert.serialNumber.length <= 34 && cert.serialNumber.length >= 2, 'up to a 128-bit serial')
  assert.ok(certDer.equals(cert.raw))

  // The key in PEM is the certificate's key.
  const key = createPrivateKey(keyPem)
  const sig = sign('sha512', Buffer.from('probe'), key)
  assert.ok(verify('sha512', Buffer.from('probe'), createPublicKey(certPem), sig))
})

test('each launch gets its own key and serial', async () => {
  const a = new X509Certificate((await makeClientCertificate()).certPem)
  const b = new X509Certificate((await makeClientCertificate()).certPem)
  assert.notEqual(a.serialNumber, b.serialNumber)
  assert.notEqual(a.fingerprint256, b.fingerprint256)
})

test('the handshake certificate field (unpadded base64 DER) becomes PEM', async () => {
  const { certDer } = await makeClientCertificate()
  const unpadded = certDer.toString('base64').replace(/=+$/, '')
  const pem = serverCertificatePem(unpadded)
  assert.ok(new X509Certificate(pem).raw.equals(certDer))
})

test('a missing or broken handshake certificate is refused with a reason', () => {
  assert.throws(() => serverCertificatePem(''), /no TLS certificate/)
  assert.throws(() => serverCertificatePem('x'.repeat(60) + '!'), /not base64/)
  assert.throws(() => serverCertificatePem('A'.repeat(80)), /does not parse/)
})

test('serial numbers are minimal positive DER integers, whatever the random bytes', () => {
  const bytes = (...b) => Buffer.from([...b, ...Array(16 - b.length).fill(0x11)])
  assert.deepEqual([...serialNumberBytes(bytes(0x00, 0x12))].slice(0, 2), [0x12, 0x11], 'a leading zero byte is dropped')
  assert.deepEqual([...serialNumberBytes(bytes(0x00, 0x00, 0x7f))].slice(0, 1), [0x7f])
  assert.deepEqual([...serialNumberBytes(bytes(0x00, 0x92))].slice(0, 2), [0x00, 0x92], 'a zero is kept before a high bit')
  assert.deepEqual([...serialNumberBytes(bytes(0xf0))].slice(0, 2), [0x00, 0xf0], 'a high first byte gets a zero: positive')
  assert.equal(serialNumberBytes(bytes(0x35)).length, 16)
  assert.deepEqual([...serialNumberBytes(Buffer.alloc(16))], [0x00], 'zero is one zero byte')
})
