import { expose } from 'comlink';
import { createClusterIndex } from './clusterIndex';

expose(createClusterIndex());
