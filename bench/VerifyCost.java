import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;

/**
 * Cost of verifying one JWS signature with the JDK's providers, ES256 against RS256 (2048-bit).
 * Run: java bench/VerifyCost.java [seconds per algorithm, default 5]. Not part of the test suite.
 */
public class VerifyCost {

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 5;
        byte[] input = ("eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0Iiwic3ViIjoiNDIiLCJhdWQiOiJyb29zdC1hcGkiLCJzY29wZSI6InVzZXJzOnJlYWQifQ")
                .getBytes(StandardCharsets.US_ASCII);
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(new ECGenParameterSpec("secp256r1"));
        for (int round = 0; round < 2; round++) { // the first round warms the JIT up
            report("RS256", "SHA256withRSA", rsa.generateKeyPair(), input, seconds, round == 1);
            report("ES256", "SHA256withECDSAinP1363Format", ec.generateKeyPair(), input, seconds, round == 1);
        }
    }

    private static void report(String name, String algorithm, KeyPair keys, byte[] input, long seconds, boolean print)
            throws Exception {
        Signature signer = Signature.getInstance(algorithm);
        signer.initSign(keys.getPrivate());
        signer.update(input);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance(algorithm);
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        long count = 0;
        long start = System.nanoTime();
        while (System.nanoTime() < deadline) {
            verifier.initVerify(keys.getPublic());
            verifier.update(input);
            if (!verifier.verify(signature)) {
                throw new IllegalStateException(name + " did not verify");
            }
            count++;
        }
        double micros = (System.nanoTime() - start) / 1000.0 / count;
        if (print) {
            System.out.printf("%s verify: %.1f us/op (%d ops/s, one thread)%n", name, micros, (long) (1_000_000 / micros));
        }
    }
}
