// Account page: the copy button of a newly created key.
for (const button of document.querySelectorAll('[data-copy]')) {
  button.addEventListener('click', async () => {
    const input = document.getElementById(button.dataset.copy);
    const status = document.querySelector('[data-copy-status]');
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = 'Copied to the clipboard.';
    } catch {
      // Without clipboard permission (plain http), the key stays selected for Ctrl+C.
      status.textContent = 'Press Ctrl+C (or long-press and Copy) to copy the selected key.';
    }
  });
}
