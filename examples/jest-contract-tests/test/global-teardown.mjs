export default async function teardown() {
  await globalThis.contractMock?.close();
}
