import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Raw Argon2id hashes per second (BouncyCastle, as Roost's encoder uses), the peer of POST /auth/token
 * in bench/run.sh. Prints one number: hashes/s over the measured seconds, after a four-second warm-up.
 * Run: java -cp bcprov.jar bench/Argon2Rate.java <memory KiB> <iterations> <parallelism> <threads> <seconds>
 */
public class Argon2Rate {

    public static void main(String[] args) throws Exception {
        int memory = Integer.parseInt(args[0]);
        int iterations = Integer.parseInt(args[1]);
        int parallelism = Integer.parseInt(args[2]);
        int threads = Integer.parseInt(args[3]);
        long seconds = Long.parseLong(args[4]);
        AtomicLong hashes = new AtomicLong();
        // Four seconds: the JIT compiles the Argon2 loops only after a few hundred hashes; Roost, its peer, is warm.
        long warmUpEnd = System.nanoTime() + 4_000_000_000L;
        long end = warmUpEnd + seconds * 1_000_000_000L;
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Thread(() -> {
                SecureRandom random = new SecureRandom();
                byte[] password = "a long enough benchmark password".getBytes();
                while (System.nanoTime() < end) {
                    byte[] salt = new byte[16];
                    random.nextBytes(salt);
                    Argon2BytesGenerator generator = new Argon2BytesGenerator();
                    generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withSalt(salt)
                            .withMemoryAsKB(memory).withIterations(iterations).withParallelism(parallelism).build());
                    generator.generateBytes(password, new byte[32]);
                    if (System.nanoTime() > warmUpEnd) {
                        hashes.incrementAndGet();
                    }
                }
            });
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        System.out.printf("%.0f%n", hashes.get() / (double) seconds);
    }
}
