package org.roost.email;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;

import org.jspecify.annotations.Nullable;
import org.roost.web.PublicOrigin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.mail.MailException;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Sends mail through Spring Boot's {@link JavaMailSender} ({@code spring.mail.host} and friends). Without a mail
 * host there is no sender, and each message is written to this class's log instead, links included, so that
 * {@code mvn spring-boot:run} works end to end. Messages leave after the transaction that asked for them commits
 * (a rolled-back sign-up mails nobody) and on a thread of their own, so a slow mail server delays no answer and
 * an answer's timing tells nothing about whether a message was sent.
 */
@Component
public class Mailer {

    private static final Logger log = LoggerFactory.getLogger(Mailer.class);

    private final @Nullable JavaMailSender sender;
    private final MailTemplates templates;
    private final EmailProperties properties;
    private final PublicOrigin origin;
    private final SimpleAsyncTaskExecutor threads = new SimpleAsyncTaskExecutor("mail-");

    Mailer(ObjectProvider<JavaMailSender> sender, MailTemplates templates, EmailProperties properties, PublicOrigin origin) {
        this.sender = sender.getIfAvailable();
        this.templates = templates;
        this.properties = properties;
        this.origin = origin;
        threads.setVirtualThreads(true);
        threads.setConcurrencyLimit(8);
    }

    /** Queues the message; it leaves once the current transaction, if any, has committed. */
    public void send(OutgoingMail mail) {
        Runnable queue = () -> threads.execute(() -> deliver(mail));
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

    private void deliver(OutgoingMail mail) {
        MailTemplates.Rendered message = templates.render(mail.template(), mail.values());
        if (sender == null) {
            log.info("No mail host (spring.mail.host) is set: the message below was not sent.\nTo: {}\nSubject: {}\n\n{}",
                    mail.to(), message.subject(), message.text());
            return;
        }
        try {
            MimeMessage mime = sender.createMimeMessage();
            MimeMessageHelper helper = new MimeMessageHelper(mime, true, "UTF-8");
            helper.setFrom(properties.from());
            helper.setTo(mail.to());
            helper.setSubject(message.subject());
            helper.setText(message.text(), message.html());
            sender.send(mime);
        }
        catch (MessagingException | MailException failed) {
            // The message's text holds its link: only the template and the reason are logged.
            log.warn("Could not send the '{}' message: {}", mail.template(), failed.getMessage());
        }
    }
}
