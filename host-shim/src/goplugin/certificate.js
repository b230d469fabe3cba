// AutoMTLS material for one plugin launch, made the way go-plugin's own client makes it
// (go-plugin mtls.go generateCert): an ECDSA P-521 key and a self-signed certificate for
// CN/SAN "localhost", O "HashiCorp", IsCA, key usage digitalSignature | keyEncipherment |
// keyAgreement | certSign, extended key usage clientAuth + serverAuth, a random 128-bit
// serial, valid from 30 s ago for 262980 hours.
//
// Node's crypto makes keys but not X.509 certificates; pkijs (PeculiarVentures, over
// WebCrypto) builds and signs the certificate. See README.md for why pkijs and not
// @peculiar/x509.
import { webcrypto, randomBytes, X509Certificate } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'

const engine = new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: webcrypto })

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-521' }
const SIGN_HASH = 'SHA-512'
const VALID_HOURS = 262980

// OIDs
const OID_COMMON_NAME = '2.5.4.3'
const OID_ORGANIZATION = '2.5.4.10'
const OID_BASIC_CONSTRAINTS = '2.5.29.19'
const OID_KEY_USAGE = '2.5.29.15'
const OID_EXT_KEY_USAGE = '2.5.29.37'
const OID_SUBJECT_ALT_NAME = '2.5.29.17'
const OID_SERVER_AUTH = '1.3.6.1.5.5.7.3.1'
const OID_CLIENT_AUTH = '1.3.6.1.5.5.7.3.2'

// Key usage bits, numbered as in RFC 5280 (bit 0 is the most significant bit of the first
// byte): digitalSignature(0), keyEncipherment(2), keyAgreement(4), keyCertSign(5).
const KEY_USAGE_BITS = [0, 2, 4, 5]

// O=HashiCorp, CN=localhost as two RDNs (pkijs would put both attributes into one RDN set).
function distinguishedName() {
  const rdn = (type, value) => new asn1js.Set({
    value: [new pkijs.AttributeTypeAndValue({ type, value: new asn1js.PrintableString({ value }) }).toSchema()],
  })
  const sequence = new asn1js.Sequence({ value: [rdn(OID_ORGANIZATION, 'HashiCorp'), rdn(OID_COMMON_NAME, 'localhost')] })
  const der = sequence.toBER(false)
  return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(der).result })
}

// RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050 on (as Go's x509 does).
function asn1Time(date) {
  return new pkijs.Time({ type: date.getUTCFullYear() < 2050 ? 0 : 1, value: date })
}

function keyUsageValue() {
  let first = 0
  for (const bit of KEY_USAGE_BITS) first |= 0x80 >> bit
  // BIT STRING: one content byte; the lowest set bit is bit 5, so 2 unused bits.
  return new asn1js.BitString({ valueHex: new Uint8Array([first]).buffer, unusedBits: 2 })
}

/**
 * The DER content of a positive INTEGER holding these random bytes, as Go's
 * rand.Int(2^128) would encode it: minimal (no leading 0x00 unless the next byte has its high
 * bit set), and never negative. DER refuses a redundant leading zero ("illegal padding").
 * @param {Buffer} random - 16 random bytes.
 * @returns {Buffer}
 */
export function serialNumberBytes(random) {
  let start = 0
  while (start < random.length - 1 && random[start] === 0) start++
  const body = random.subarray(start)
  return body[0] & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : Buffer.from(body)
}

/**
 * Make a fresh client identity for one plugin launch.
 * @returns {Promise<{certPem: string, keyPem: string, certDer: Buffer}>}
 */
export async function makeClientCertificate() {
  const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const cert = new pkijs.Certificate()
  cert.version = 2
  const serial = serialNumberBytes(randomBytes(16))
  cert.serialNumber = new asn1js.Integer({ valueHex: serial.buffer.slice(serial.byteOffset, serial.byteOffset + serial.length) })
  cert.issuer = distinguishedName()
  cert.subject = distinguishedName()
  const now = Math.floor(Date.now() / 1000) * 1000 // whole seconds: DER times carry no fractions
  cert.notBefore = asn1Time(new Date(now - 30_000))
  cert.notAfter = asn1Time(new Date(now + VALID_HOURS * 3600_000))

  const basic = new pkijs.BasicConstraints({ cA: true })
  const extKeyUsage = new pkijs.ExtKeyUsage({ keyPurposes: [OID_CLIENT_AUTH, OID_SERVER_AUTH] })
  const altNames = new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 2, value: 'localhost' })] })
  cert.extensions = [
    new pkijs.Extension({ extnID: OID_BASIC_CONSTRAINTS, critical: true, extnValue: basic.toSchema().toBER(false), parsedValue: basic }),
    new pkijs.Extension({ extnID: OID_KEY_USAGE, critical: true, extnValue: keyUsageValue().toBER(false) }),
    new pkijs.Extension({ extnID: OID_EXT_KEY_USAGE, critical: false, extnValue: extKeyUsage.toSchema().toBER(false), parsedValue: extKeyUsage }),
    new pkijs.Extension({ extnID: OID_SUBJECT_ALT_NAME, critical: false, extnValue: altNames.toSchema().toBER(false), parsedValue: altNames }),
  ]

  await cert.subjectPublicKeyInfo.importKey(keys.publicKey, engine)
  await cert.sign(keys.privateKey, SIGN_HASH, engine)

  const certDer = Buffer.from(cert.toSchema(true).toBER(false))
  const keyDer = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey))
  return { certPem: derToPem(certDer, 'CERTIFICATE'), keyPem: derToPem(keyDer, 'PRIVATE KEY'), certDer }
}

/**
 * Wrap DER bytes as PEM.
 * @param {Buffer} der
 * @param {string} label - e.g. "CERTIFICATE".
 * @returns {string}
 */
export function derToPem(der, label) {
  const body = der.toString('base64').replace(/.{1,64}/g, '$&\n')
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`
}

/**
 * Turn the handshake's server certificate (DER, unpadded standard base64) into PEM and check
 * that it is a certificate at all. go-plugin treats the field as a certificate only when it is
 * longer than 50 characters.
 * @param {string} field - handshake field 6.
 * @returns {string} PEM
 * @throws when the field is not a parseable X.509 certificate.
 */
export function serverCertificatePem(field) {
  if (typeof field !== 'string' || field.length <= 50) {
    throw new Error('the plugin sent no TLS certificate in its handshake (AutoMTLS is required)')
  }
  if (!/^[A-Za-z0-9+/]+=*$/.test(field)) {
    throw new Error('the plugin\'s handshake certificate is not base64')
  }
  const der = Buffer.from(field, 'base64')
  const pem = derToPem(der, 'CERTIFICATE')
  try {
    new X509Certificate(pem) // eslint-disable-line no-new
  } catch (err) {
    throw new Error(`the plugin's handshake certificate does not parse: ${err.message}`)
  }
  return pem
}
