package org.roost.identity.email;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;

import org.jspecify.annotations.Nullable;
import org.roost.platform.origin.PublicOrigin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.dao.DataAccessException;
import org.springframework.mail.MailException;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Sends mail through Spring Boot's {@link JavaMailSender} ({@code spring.mail.host} and friends). Without a mail
 * host there is no sender, and each message is written to this class's log instead, links included, so that
 * {@code mvn spring-boot:run} works end to end. A message is queued in the outbox ({@link MailOutbox}) in the
 * transaction that asked for it (a rolled-back sign-up mails nobody; a committed one is not lost if the instance stops
 * before sending), leaves after that transaction commits on a thread of its own (a slow mail server delays no answer),
 * and is retried with back-off while the mail server refuses or is away, from any instance.
 */
@Component
public class Mailer {

    private static final Logger log = LoggerFactory.getLogger(Mailer.class);

    private final @Nullable JavaMailSender sender;
    private final MailTemplates templates;
    private final EmailProperties properties;
    private final PublicOrigin origin;
    private final MailOutbox outbox;
    private final Clock clock;
    private final SimpleAsyncTaskExecutor threads = new SimpleAsyncTaskExecutor("mail-");

    Mailer(ObjectProvider<JavaMailSender> sender, MailTemplates templates, EmailProperties properties, PublicOrigin origin,
            MailOutbox outbox, Clock clock) {
        this.sender = sender.getIfAvailable();
        this.templates = templates;
        this.properties = properties;
        this.origin = origin;
        this.outbox = outbox;
        this.clock = clock;
        // Platform threads (daemons: a send in progress does not hold the exit): rendering a message reads its
        // templates, and no virtual thread reads from the jar (docs/running.md, "Threads")
        threads.setDaemon(true);
        threads.setConcurrencyLimit(8);
    }

    /** Queues the message; it leaves once the current transaction, if any, has committed. */
    public void send(OutgoingMail mail) {
        Instant now = clock.instant();
        // Claimed by this instance for the first try; if it stops first, the row falls due and any instance sends it.
        long id = outbox.add(mail, now, now.plus(properties.retryAfterStop()));
        Runnable queue = () -> threads.execute(() -> attempt(new MailOutbox.Queued(id, mail, 0)));
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    queue.run();
                }
            });
        }
        else {
            queue.run();
        }
    }

    /** An absolute link to {@code path} on this service, for a message: always from the one public origin, never a request's Host. */
    public String link(String path) {
        return origin.link(path);
    }

    /** Sends what is due: messages whose first try never happened or whose back-off has passed. */
    @Scheduled(fixedDelayString = "${roost.email.retry-interval}", initialDelayString = "${roost.email.retry-interval}")
    void sendDue() {
        try {
            Instant now = clock.instant();
            for (MailOutbox.Queued queued : outbox.claimDue(now, now.plus(properties.retryAfterStop()), 50)) {
                threads.execute(() -> attempt(queued));
            }
        }
        catch (DataAccessException failed) {
            log.warn("Queued mail not looked at: {}", failed.getMostSpecificCause().getMessage());
        }
    }

    private void attempt(MailOutbox.Queued queued) {
        boolean sent = deliver(queued.mail());
        try {
            if (sent) {
                outbox.sent(queued.id());
                return;
            }
            int attempts = queued.attempts() + 1;
            if (attempts >= properties.maxAttempts()) {
                log.warn("Gave up on the '{}' message after {} attempts", queued.mail().template(), attempts);
                outbox.sent(queued.id());
                return;
            }
            Duration backOff = properties.retryBackOff().multipliedBy(1L << Math.min(attempts - 1, 16));
            outbox.failed(queued.id(), attempts, clock.instant().plus(backOff));
        }
        catch (DataAccessException failed) {
            // The row stays claimed until retry-after-stop, then falls due again (it may be sent twice).
            log.warn("Could not record the '{}' message's delivery: {}", queued.mail().template(),
                    failed.getMostSpecificCause().getMessage());
        }
    }

    /** @return whether the message left (or, without a mail host, was logged) */
    private boolean deliver(OutgoingMail mail) {
        MailTemplates.Rendered message = templates.render(mail.template(), mail.values());
        if (sender == null) {
            log.info("No mail host (spring.mail.host) is set: the message below was not sent.\nTo: {}\nSubject: {}\n\n{}",
                    mail.to(), message.subject(), message.text());
            return true;
        }
        try {
            MimeMessage mime = sender.createMimeMessage();
            MimeMessageHelper helper = new MimeMessageHelper(mime, true, "UTF-8");
            helper.setFrom(properties.from());
            helper.setTo(mail.to());
            helper.setSubject(message.subject());
            helper.setText(message.text(), message.html());
            sender.send(mime);
            return true;
        }
        catch (MessagingException | MailException failed) {
            // The message's text holds its link: only the template and the reason are logged.
            log.warn("Could not send the '{}' message (it stays queued): {}", mail.template(), failed.getMessage());
            return false;
        }
    }
}
