<?php
// One call with PHP's curl extension as integrators write it: CURLOPT_POSTFIELDS with the
// JSON text and a Content-Type header. For a body over 1 KiB libcurl adds
// `Expect: 100-continue` and waits for the server's 100. `php call.php <url> <request.json>`
// prints {"status", "body"} as JSON. Run by tests/clients/defaults.test.ts.
[$_, $url, $requestFile] = $argv;
$request = json_decode(file_get_contents($requestFile), true);
$headers = ['Content-Type: application/json'];
foreach ($request['headers'] as $name => $value) $headers[] = "$name: $value";
$ch = curl_init($url);
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_POSTFIELDS => json_encode($request['body'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE),
    CURLOPT_HTTPHEADER => $headers,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_TIMEOUT => 20,
]);
$body = curl_exec($ch);
if ($body === false) { fwrite(STDERR, curl_error($ch)); exit(1); }
echo json_encode(['status' => curl_getinfo($ch, CURLINFO_RESPONSE_CODE), 'body' => $body]);
