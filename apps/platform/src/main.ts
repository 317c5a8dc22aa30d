import 'reflect-metadata';
import { runOneProcess } from '@platform/one-process';

runOneProcess();
